import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createClientWithToken, createPrincipalWithToken, defineTestRole } from "@platform/iam/testing";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import type { WebhookReceiver } from "../testing/webhook-receiver.ts";
import { createOrder, subscribe, testContexts } from "../test-support/fixtures.ts";

/**
 * A subscription acts within the scope of the token that wrote it: at delivery an event goes
 * out only when the maker's rights of now, narrowed by that scope, may read it. A token scoped
 * to subscriptions alone must not read principals or orders through a webhook.
 */
let t: TestPlatform;
let receiver: WebhookReceiver;
let admin: { token: string };
const TYPES = ["PrincipalCreated", "OrderCreated"];
const READER_ACL = ["iam/principals:read", "actors/order:read", "subscriptions:*"];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestPlatform(testContexts(), { OUTBOUND_ALLOW_PRIVATE: "true", SUBSCRIPTIONS_RETRY_BASE_MS: "40" });
  admin = await createPrincipalWithToken(t, { roles: ["system:owner"] });
  await defineTestRole(t, "test:reader", READER_ACL);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const streamsOf = (name: string) => receiver.for(name).map((r) => r.payload.stream as string);
const headReached = async (name: string) => {
  const head = await t.platform.store.headPosition();
  const position = async () => {
    const r = await t.request("GET", `/resources/subscriptions/${name}`, { token: admin.token });
    return ((await r.json()) as { position: string }).position;
  };
  await vi.waitFor(async () => expect(await position()).toBe(head), { timeout: 5000, interval: 20 });
};

describe("a subscription escapes its token's scope", () => {
  it(
    "a client token scoped to subscriptions receives nothing its role reads outside that scope, " +
      "not even after a replay from the start",
    async () => {
      const client = await createClientWithToken(t, {
        roles: ["test:reader"],
        scope: ["subscriptions:read", "subscriptions:write"],
      });
      expect((await t.request("GET", "/resources/iam/principals", { token: client.token })).status).toBe(403);
      await subscribe(t, receiver, client.token, "scoped-client", TYPES);
      // The same role without a narrower scope: the control that shows the events were there to send.
      const unscoped = await createClientWithToken(t, { roles: ["test:reader"] });
      await subscribe(t, receiver, unscoped.token, "unscoped-client", TYPES);

      const person = await createPrincipalWithToken(t, { name: "Scope Leak Person" });
      const order = await createOrder(t, admin.token);
      const both = [`order-${order}`, `principal-${person.principalId}`].sort();
      await vi.waitFor(() => expect(streamsOf("unscoped-client").sort()).toEqual(both), {
        timeout: 5000,
        interval: 20,
      });
      await headReached("scoped-client");
      expect(receiver.requests("scoped-client")).toEqual([]);

      const fromPosition = `${"0".repeat(20)}:${"0".repeat(20)}`;
      const replay = await t.request("POST", "/resources/subscriptions/scoped-client/replay", {
        token: client.token,
        body: { fromPosition },
      });
      expect(replay.status, await replay.clone().text()).toBe(200);
      await headReached("scoped-client");
      expect(receiver.requests("scoped-client")).toEqual([]);
    },
  );

  it(
    "a personal access token scoped to orders and subscriptions receives the orders and none of " + "the principals",
    async () => {
      const maker = await createPrincipalWithToken(t, {
        acl: READER_ACL,
        scope: ["subscriptions:*", "actors/order:read"],
      });
      await subscribe(t, receiver, maker.token, "scoped-pat", TYPES);
      const person = await createPrincipalWithToken(t, { name: "Another Person" });
      const order = await createOrder(t, admin.token);
      await vi.waitFor(() => expect(streamsOf("scoped-pat")).toEqual([`order-${order}`]), {
        timeout: 5000,
        interval: 20,
      });
      await headReached("scoped-pat");
      expect(streamsOf("scoped-pat")).not.toContain(`principal-${person.principalId}`);
      expect(streamsOf("scoped-pat")).toEqual([`order-${order}`]);
    },
  );

  it("the scope is recorded with the maker, and a later writer's token replaces it", async () => {
    const maker = await createPrincipalWithToken(t, { acl: READER_ACL, scope: ["subscriptions:*"] });
    await subscribe(t, receiver, maker.token, "rewritten", TYPES);
    const [created] = await t.platform.store.readStream("subscription-rewritten");
    expect((created!.data as { maker: unknown }).maker).toEqual({
      principalId: maker.principalId,
      attributes: {},
      scope: ["subscriptions:*"],
    });

    // An owner's token without a scope writes it again: from then on the owner's full rights carry it.
    const body = { url: receiver.url("rewritten"), eventTypes: TYPES };
    const rewrite = await t.request("PUT", "/resources/subscriptions/rewritten", { token: admin.token, body });
    expect(rewrite.status).toBe(200);
    const person = await createPrincipalWithToken(t, {});
    await vi.waitFor(() => expect(streamsOf("rewritten")).toEqual([`principal-${person.principalId}`]), {
      timeout: 5000,
      interval: 20,
    });
  });
});
