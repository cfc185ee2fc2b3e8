import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import type { WebhookReceiver } from "../testing/webhook-receiver.ts";
import {
  cancelOrder,
  createOrder,
  subscribe,
  testContexts,
  deliveries as deliveriesOf,
  waitFor,
} from "../test-support/fixtures.ts";

/**
 * Subscriptions end to end (docs/WEBHOOKS.md): a receiver on a real port verifies every delivery
 * with the standardwebhooks package; the service delivers the log's events in order, at least
 * once, retried, marked failing and resumed, replayed, paused in place.
 */
let t: TestPlatform;
let receiver: WebhookReceiver;
let admin: { token: string };
const GIVE_UP_MS = 400;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestPlatform(testContexts({ giveUpMs: GIVE_UP_MS }), {
    OUTBOUND_ALLOW_PRIVATE: "true",
    SUBSCRIPTIONS_RETRY_BASE_MS: "40",
  });
  admin = await createPrincipalWithToken(t, { roles: ["system:owner"] });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const get = async (name: string) =>
  (await t.request("GET", `/resources/subscriptions/${name}`, { token: admin.token })).json() as Promise<
    Record<string, unknown>
  >;
const post = (name: string, action: string, body?: unknown) =>
  t.request("POST", `/resources/subscriptions/${name}/${action}`, { token: admin.token, ...(body ? { body } : {}) });
const deliveries = (name: string) => deliveriesOf(t, admin.token, name);

describe("delivery", () => {
  it(
    "delivers each event after the subscription's creation, signed, each stream's in order, " +
      "with the contract's payload",
    async () => {
      const before = await createOrder(t, admin.token);
      await subscribe(t, receiver, admin.token, "orders");
      const a = await createOrder(t, admin.token);
      const b = await createOrder(t, admin.token);
      await cancelOrder(t, admin.token, a);
      await waitFor(() => expect(receiver.for("orders")).toHaveLength(9));
      const got = receiver.for("orders").map((r) => r.payload);
      expect(got.some((p) => p.stream === `order-${before}`)).toBe(false);
      const ofStream = (id: string) => got.filter((p) => p.stream === `order-${id}`).map((p) => [p.type, p.version]);
      expect(ofStream(a)).toEqual([
        ["OrderCreated", 1],
        ["DeliveryCreated", 2],
        ["DeliveryAddressSet", 3],
        ["OrderLineCreated", 4],
        ["OrderCancelled", 5],
      ]);
      expect(ofStream(b)).toEqual([
        ["OrderCreated", 1],
        ["DeliveryCreated", 2],
        ["DeliveryAddressSet", 3],
        ["OrderLineCreated", 4],
      ]);
      const journal = await t.platform.store.readStream(`order-${a}`);
      expect(got.find((p) => p.id === journal[0]!.id)).toEqual({
        id: journal[0]!.id,
        type: "OrderCreated",
        stream: `order-${a}`,
        version: 1,
        position: journal[0]!.position,
        at: journal[0]!.metadata.at,
        data: journal[0]!.data,
        metadata: journal[0]!.metadata,
      });
      expect(receiver.for("orders").map((r) => r.webhookId)).toEqual(got.map((p) => p.id));
      expect(receiver.rejected).toEqual([]);
      const last = [...got.map((p) => p.position)].sort().at(-1);
      await waitFor(async () => expect((await get("orders")).position).toBe(last));
      await waitFor(async () => expect(await deliveries("orders")).toHaveLength(9));
      const log = await deliveries("orders");
      expect(log.map((d) => [d.webhookId, d.attempt, d.status, d.error]).sort()).toEqual(
        got.map((p) => [p.id, 1, 200, null]).sort(),
      );
      expect(log.every((d) => typeof d.durationMs === "number")).toBe(true);
    },
  );

  it(
    "retries a refused event with the same webhook-id, and sends nothing of its stream after it " +
      "until it is delivered",
    async () => {
      await subscribe(t, receiver, admin.token, "retries", ["OrderCreated", "OrderCancelled"]);
      receiver.answer("retries", 503, 500);
      const a = await createOrder(t, admin.token);
      await cancelOrder(t, admin.token, a);
      await waitFor(() => expect(receiver.for("retries")).toHaveLength(2));
      expect(receiver.for("retries").map((r) => r.payload.type)).toEqual(["OrderCreated", "OrderCancelled"]);
      await waitFor(async () => expect(await deliveries("retries")).toHaveLength(4));
      const log = await deliveries("retries");
      expect(log.map((d) => [d.eventType, d.attempt, d.status])).toEqual([
        ["OrderCancelled", 1, 200],
        ["OrderCreated", 3, 200],
        ["OrderCreated", 2, 500],
        ["OrderCreated", 1, 503],
      ]);
      expect(new Set(log.slice(1).map((d) => d.webhookId)).size).toBe(1);
      expect(receiver.requests("retries").map((r) => [r.webhookId, r.status])).toEqual([
        [log[1]!.webhookId, 503],
        [log[1]!.webhookId, 500],
        [log[1]!.webhookId, 200],
        [log[0]!.webhookId, 200],
      ]);
      expect(log[3]!.error).toBe("HTTP 503: not now");
    },
  );

  it(
    "marks a subscription failing after the retry period, and a resume delivers from the event " + "it stopped at",
    async () => {
      await subscribe(t, receiver, admin.token, "failing", ["OrderCreated"]);
      receiver.answerAlways("failing", 500);
      const a = await createOrder(t, admin.token);
      await waitFor(async () => expect((await get("failing")).status).toBe("failing"));
      const stuck = await t.platform.store.readStream(`order-${a}`);
      expect((await get("failing")).failure).toMatchObject({
        eventPosition: stuck[0]!.position,
        error: "HTTP 500: not now",
      });
      const b = await createOrder(t, admin.token);
      await new Promise((r) => setTimeout(r, 200));
      const attempts = (await deliveries("failing")).length;
      expect(attempts).toBeGreaterThanOrEqual(2);
      expect(await deliveries("failing")).toHaveLength(attempts);
      receiver.answerAlways("failing", undefined);
      expect((await post("failing", "resume")).status).toBe(200);
      await waitFor(() =>
        expect(receiver.for("failing").map((r) => r.payload.stream)).toEqual([`order-${a}`, `order-${b}`]),
      );
      expect(await get("failing")).toMatchObject({ status: "active", failure: null });
    },
  );

  it("keeps a paused subscription's place and delivers what came meanwhile on resume", async () => {
    await subscribe(t, receiver, admin.token, "paused", ["OrderCreated"]);
    expect(await (await post("paused", "pause")).json()).toMatchObject({ status: "paused" });
    const a = await createOrder(t, admin.token);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.for("paused")).toEqual([]);
    await post("paused", "resume");
    await waitFor(() => expect(receiver.for("paused").map((r) => r.payload.stream)).toEqual([`order-${a}`]));
  });

  it("replays from a position, inclusive, each stream's in order", async () => {
    await subscribe(t, receiver, admin.token, "replay", ["OrderCreated", "OrderCancelled"]);
    const a = await createOrder(t, admin.token);
    const b = await createOrder(t, admin.token);
    await cancelOrder(t, admin.token, a);
    await waitFor(() => expect(receiver.for("replay")).toHaveLength(3));
    const bCreated = (await t.platform.store.readStream(`order-${b}`))[0]!;
    const r = await post("replay", "replay", { fromPosition: bCreated.position });
    expect(r.status).toBe(200);
    await waitFor(() => expect(receiver.for("replay")).toHaveLength(5));
    const again = receiver.for("replay").slice(3);
    expect(again.map((x) => [x.payload.stream, x.payload.type]).sort()).toEqual([
      [`order-${a}`, "OrderCancelled"],
      [`order-${b}`, "OrderCreated"],
    ]);
    expect(again.every((x) => x.payload.position >= bCreated.position)).toBe(true);
    const bad = await post("replay", "replay", { fromPosition: "12" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ path: "fromPosition" }] },
    });
  });
});

describe("what a subscription shows", () => {
  it("answers the secret once, at creation, and never delivers it", async () => {
    const created = await subscribe(t, receiver, admin.token, "own-events", [
      "SubscriptionCreated",
      "SubscriptionChanged",
    ]);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const again = await t.request("PUT", "/resources/subscriptions/own-events", {
      token: admin.token,
      body: {
        url: receiver.url("own-events"),
        eventTypes: ["SubscriptionCreated", "SubscriptionChanged"],
        description: "changed",
      },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).not.toHaveProperty("secret");
    expect(await get("own-events")).not.toHaveProperty("secret");
    await subscribe(t, receiver, admin.token, "other", ["OrderCreated"]);
    await waitFor(() =>
      expect(receiver.for("own-events").map((r) => r.payload.type)).toEqual([
        "SubscriptionChanged",
        "SubscriptionCreated",
      ]),
    );
    const delivered = receiver.for("own-events")[1]!.payload.data;
    expect(delivered).toEqual({
      subscriptionId: "other",
      url: receiver.url("other"),
      eventTypes: ["OrderCreated"],
      description: "test other",
      maxPerSecond: null,
      transform: null,
      maker: expect.any(Object),
    });
    const journal = (await (
      await t.request("GET", "/resources/subscriptions/other/journal", { token: admin.token })
    ).json()) as { events: { data: object }[] };
    expect(journal.events[0]!.data).not.toHaveProperty("secret");
    expect(
      JSON.stringify(
        await t.request("GET", "/resources/subscriptions?limit=100", { token: admin.token }).then((r) => r.json()),
      ),
    ).not.toContain("whsec_");
  });

  it("refuses what it cannot deliver: unknown event types, a mismatched id, no types", async () => {
    const put = (body: unknown, id = "bad") =>
      t.request("PUT", `/resources/subscriptions/${id}`, { token: admin.token, body });
    const url = receiver.url("bad");
    const cases: [unknown, string][] = [
      [{ url, eventTypes: ["OrderCreated", "NoSuchEvent"] }, "eventTypes.1"],
      [{ url, eventTypes: [] }, "eventTypes"],
      [{ url, eventTypes: ["OrderCreated"], subscriptionId: "other" }, "subscriptionId"],
      [{ url: "not a url", eventTypes: ["OrderCreated"] }, "url"],
    ];
    for (const [body, path] of cases) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(await r.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", details: [{ path }] } });
    }
    expect((await put({ url, eventTypes: ["OrderCreated"] }, "a b")).status).toBe(404);
    expect((await t.request("GET", "/resources/subscriptions/bad", { token: admin.token })).status).toBe(404);
  });

  it("deletes: nothing more is delivered, and the id can be used again", async () => {
    await subscribe(t, receiver, admin.token, "deleted", ["OrderCreated"]);
    expect((await t.request("DELETE", "/resources/subscriptions/deleted", { token: admin.token })).status).toBe(204);
    expect((await t.request("GET", "/resources/subscriptions/deleted", { token: admin.token })).status).toBe(404);
    await createOrder(t, admin.token);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.for("deleted")).toEqual([]);
    const journal = (await (
      await t.request("GET", "/resources/subscriptions/deleted/journal", { token: admin.token })
    ).json()) as { events: { type: string }[] };
    expect(journal.events.map((e) => e.type)).toEqual(["SubscriptionCreated", "SubscriptionDeleted"]);
    await subscribe(t, receiver, admin.token, "deleted", ["OrderCreated"]);
    const a = await createOrder(t, admin.token);
    await waitFor(() => expect(receiver.for("deleted").map((r) => r.payload.stream)).toEqual([`order-${a}`]));
  });

  it("needs subscriptions:read, :write and :delete", async () => {
    const reader = await createPrincipalWithToken(t, { acl: ["subscriptions:read"] });
    expect((await t.request("GET", "/resources/subscriptions", { token: reader.token })).status).toBe(200);
    expect(
      (
        await t.request("PUT", "/resources/subscriptions/nope", {
          token: reader.token,
          body: { url: receiver.url("nope"), eventTypes: ["OrderCreated"] },
        })
      ).status,
    ).toBe(403);
    expect((await t.request("POST", "/resources/subscriptions/orders/pause", { token: reader.token })).status).toBe(
      403,
    );
    expect((await t.request("DELETE", "/resources/subscriptions/orders", { token: reader.token })).status).toBe(403);
    expect((await t.request("GET", "/resources/subscriptions")).status).toBe(401);
  });
});
