import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { appsContext } from "@platform/apps";
import { appBody, componentSource } from "@platform/apps/testing";
import { createSubscriptionsContext } from "../index.ts";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import type { WebhookReceiver } from "../testing/webhook-receiver.ts";
import { createOrder, deliveries as deliveriesOf, waitFor } from "../test-support/fixtures.ts";

/**
 * Transforms (docs/WEBHOOKS.md): an installed app's component rewrites each delivery in the sandbox before it is
 * signed; it may not act; a failing one is a failed delivery with its error.
 */
let t: TestPlatform;
let receiver: WebhookReceiver;
let admin: { token: string };

const EVENT = '{ event: { type: "object" } }';
const components = {
  // What an ERP wants: a flat record of the order event.
  "to-erp": componentSource(
    "return { kind: params.event.type, order: params.event.stream, number: params.event.data.orderNumber };",
    EVENT,
  ),
  broken: componentSource('throw new Error("no mapping for " + params.event.type);', EVENT),
  // Tries to act with the deliverer's run: an empty acl refuses it.
  acting: componentSource(
    'try { await ctx.messageActor("order", "new", [{ type: "create", body: {} }]); return { acted: true }; } ' +
      "catch (e) { return { refused: e.code }; }",
    EVENT,
  ),
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestPlatform(
    [
      iamTestContext(),
      actorsContext,
      ordersContext,
      appsContext,
      createSubscriptionsContext({ syncMs: 100, pollMs: 100, giveUpMs: 60_000 }),
    ],
    { OUTBOUND_ALLOW_PRIVATE: "true", SUBSCRIPTIONS_RETRY_BASE_MS: "40" },
  );
  admin = await createPrincipalWithToken(t, { roles: ["system:owner"] });
  const installed = await t.request("PUT", "/resources/apps/erp-adapter", {
    token: admin.token,
    body: appBody("erp-adapter", components),
  });
  expect(installed.status, await installed.clone().text()).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const put = (name: string, transform: unknown) =>
  t.request("PUT", `/resources/subscriptions/${name}`, {
    token: admin.token,
    body: { url: receiver.url(name), eventTypes: ["OrderCreated"], transform },
  });
const subscribeWith = async (name: string, componentId: string) => {
  const r = await put(name, { appId: "erp-adapter", componentId });
  expect(r.status, await r.clone().text()).toBe(201);
  const body = (await r.json()) as { secret: string; transform: unknown };
  expect(body.transform).toEqual({ appId: "erp-adapter", componentId });
  receiver.trust(name, body.secret);
};
const deliveries = (name: string) => deliveriesOf(t, admin.token, name);

describe("transform", () => {
  it("delivers what the component returns, signed as it is delivered", async () => {
    await subscribeWith("erp", "to-erp");
    const id = await createOrder(t, admin.token);
    await waitFor(() => expect(receiver.for("erp")).toHaveLength(1));
    const [got] = receiver.for("erp");
    expect(JSON.parse(got!.body)).toEqual({ kind: "OrderCreated", order: `order-${id}`, number: expect.any(String) });
    expect(receiver.rejected).toEqual([]);
  });

  it("counts a failing transform as a failed delivery with its error, retried, and POSTs nothing", async () => {
    await subscribeWith("erp-broken", "broken");
    await createOrder(t, admin.token);
    await waitFor(async () => expect((await deliveries("erp-broken")).length).toBeGreaterThanOrEqual(2));
    const [last] = await deliveries("erp-broken");
    expect(last).toMatchObject({ status: null, eventType: "OrderCreated" });
    expect(last!.error).toMatch(
      /^TRANSFORM_FAILED: erp-adapter\/broken: COMPONENT_FAILED: .*no mapping for OrderCreated/,
    );
    expect(receiver.requests("erp-broken")).toEqual([]);
    // Its input is events the app's readers may not read: no run of a transform is recorded, failed or not.
    const runs = await t.request("GET", "/resources/apps/erp-adapter/runs", { token: admin.token });
    expect(runs.status).toBe(200);
    expect(((await runs.json()) as { runs: unknown[] }).runs).toEqual([]);
  });

  it("runs with no rights: a ctx call is refused", async () => {
    await subscribeWith("erp-acting", "acting");
    await createOrder(t, admin.token);
    await waitFor(() => expect(receiver.for("erp-acting")).toHaveLength(1));
    expect(receiver.for("erp-acting")[0]!.payload).toEqual({ refused: "FORBIDDEN" });
  });

  it("refuses a transform that names no installed component", async () => {
    for (const transform of [
      { appId: "erp-adapter", componentId: "missing" },
      { appId: "nobody", componentId: "to-erp" },
    ]) {
      const r = await put("erp-missing", transform);
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", details: [{ path: "transform" }] } });
    }
    const extra = await put("erp-missing", { appId: "erp-adapter", componentId: "to-erp", acl: ["*"] });
    expect(extra.status).toBe(400);
  });
});
