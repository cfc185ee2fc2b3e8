import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import type { WebhookReceiver } from "../testing/webhook-receiver.ts";
import { createOrder, subscribe, testContexts } from "../test-support/fixtures.ts";

/**
 * The reader rule (docs/WEBHOOKS.md): a subscription delivers only what its maker may read at
 * delivery (permissions and access attributes); the URL rule, when saved and at delivery.
 */
let t: TestPlatform;
let receiver: WebhookReceiver;
let admin: { token: string };
const settle = () => new Promise((r) => setTimeout(r, 400));

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestPlatform(testContexts(), { OUTBOUND_ALLOW_PRIVATE: "true", SUBSCRIPTIONS_RETRY_BASE_MS: "40" });
  admin = await createPrincipalWithToken(t, { roles: ["system:owner"] });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const etagOf = async (id: string) =>
  (await t.request("GET", `/resources/iam/principals/${id}`, { token: admin.token })).headers.get("etag")!;

describe("the maker's rights, at delivery", () => {
  it(
    "delivers to a restricted maker only the events within its attributes it may read, and " +
      "stops when it loses the right",
    async () => {
      const acl = ["subscriptions:*", "actors/order:read"];
      const maker = await createPrincipalWithToken(t, { acl, accessAttributes: { channelKey: ["web"] } });
      await subscribe(t, receiver, maker.token, "web-only", ["OrderCreated", "PrincipalCreated"]);
      const web = await createOrder(t, admin.token, { channelKey: "web" });
      await createOrder(t, admin.token, { channelKey: "shop" });
      await createOrder(t, admin.token);
      await createPrincipalWithToken(t, {});
      const web2 = await createOrder(t, admin.token, { channelKey: "web" });
      await vi.waitFor(
        () =>
          expect(
            receiver
              .for("web-only")
              .map((r) => r.payload.stream)
              .sort(),
          ).toEqual([`order-${web}`, `order-${web2}`].sort()),
        { timeout: 5000, interval: 20 },
      );
      // Everything it passed by is behind its position: nothing is held back, nothing delivered late.
      const head = await t.platform.store.headPosition();
      await vi.waitFor(
        async () =>
          expect(
            (
              (await (await t.request("GET", "/resources/subscriptions/web-only", { token: admin.token })).json()) as {
                position: string;
              }
            ).position,
          ).toBe(head),
        { timeout: 5000, interval: 20 },
      );

      const r = await t.request("PUT", `/resources/iam/principals/${maker.principalId}/acl`, {
        token: admin.token,
        body: { acl: ["subscriptions:*"] },
        headers: { "If-Match": await etagOf(maker.principalId) },
      });
      expect(r.status).toBe(200);
      await createOrder(t, admin.token, { channelKey: "web" });
      await settle();
      expect(receiver.for("web-only")).toHaveLength(2);
    },
  );

  it("delivers nothing once its maker is suspended, and a new writer's rights carry it from then on", async () => {
    const maker = await createPrincipalWithToken(t, { acl: ["subscriptions:*", "actors/order:read"] });
    await subscribe(t, receiver, maker.token, "suspended-maker", ["OrderCreated"]);
    const before = await createOrder(t, admin.token);
    await vi.waitFor(() => expect(receiver.for("suspended-maker")).toHaveLength(1), { timeout: 5000, interval: 20 });
    const s = await t.request("POST", `/resources/iam/principals/${maker.principalId}/suspend`, {
      token: admin.token,
      headers: { "If-Match": await etagOf(maker.principalId) },
    });
    expect(s.status).toBe(200);
    await createOrder(t, admin.token);
    await settle();
    expect(receiver.for("suspended-maker").map((x) => x.payload.stream)).toEqual([`order-${before}`]);
    const rewrite = await t.request("PUT", "/resources/subscriptions/suspended-maker", {
      token: admin.token,
      body: { url: receiver.url("suspended-maker"), eventTypes: ["OrderCreated"] },
    });
    expect(rewrite.status).toBe(200);
    const after = await createOrder(t, admin.token);
    await vi.waitFor(
      () =>
        expect(receiver.for("suspended-maker").map((x) => x.payload.stream)).toEqual([
          `order-${before}`,
          `order-${after}`,
        ]),
      { timeout: 5000, interval: 20 },
    );
  });
});

describe("the URL rule", () => {
  let strict: TestPlatform;
  beforeAll(async () => {
    strict = await createTestPlatform(testContexts(), { SUBSCRIPTIONS_RETRY_BASE_MS: "40" });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it("refuses http, loopback, private and link-local addresses when saved", async () => {
    const owner = await createPrincipalWithToken(strict, { roles: ["system:owner"] });
    for (const url of [
      "http://hooks.example.com/in",
      "https://127.0.0.1/in",
      "https://10.1.2.3/in",
      "https://169.254.169.254/latest",
      "https://[::1]/in",
      "https://localhost/in",
      receiver.url("x"),
    ]) {
      const r = await strict.request("PUT", "/resources/subscriptions/ssrf", {
        token: owner.token,
        body: { url, eventTypes: ["OrderCreated"] },
      });
      expect(r.status, url).toBe(400);
      expect(await r.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", details: [{ path: "url" }] } });
    }
    expect(
      (
        await strict.request("PUT", "/resources/subscriptions/ssrf", {
          token: owner.token,
          body: { url: "https://hooks.example.com/in", eventTypes: ["OrderCreated"] },
        })
      ).status,
    ).toBe(201);
  });

  it("refuses again at delivery: an internal address that got into a subscription is never called", async () => {
    const owner = await createPrincipalWithToken(strict, { roles: ["system:owner"] });
    const created = await strict.request("PUT", "/resources/subscriptions/planted", {
      token: owner.token,
      body: { url: "https://hooks.example.com/in", eventTypes: ["OrderCreated"] },
    });
    receiver.trust("planted", ((await created.json()) as { secret: string }).secret);
    // As if the check at save had been missed: the actor is changed directly, not through the route.
    await strict.platform.runtime.execute(
      "subscription",
      "planted",
      [
        {
          type: "put",
          subscriptionId: "planted",
          spec: { url: receiver.url("planted"), eventTypes: ["OrderCreated"], description: null },
          maker: { principalId: owner.principalId, attributes: {} },
          secret: "unused",
        },
      ],
      {},
      { existence: "exists" },
    );
    await createOrder(strict, owner.token);
    await vi.waitFor(
      async () => {
        const { deliveries } = (await (
          await strict.request("GET", "/resources/subscriptions/planted/deliveries", { token: owner.token })
        ).json()) as { deliveries: { status: number | null; error: string }[] };
        expect(deliveries[0]).toMatchObject({ status: null, error: expect.stringMatching(/^url /) });
      },
      { timeout: 5000, interval: 20 },
    );
    expect(receiver.requests("planted")).toEqual([]);
  });

  it(
    "refuses a name that resolves to an internal address at delivery, and its error does not " +
      "say what the name resolved to",
    async () => {
      const owner = await createPrincipalWithToken(strict, { roles: ["system:owner"] });
      const url = `https://rebound.example.com:${new URL(receiver.url("rebound")).port}/rebound`;
      const created = await strict.request("PUT", "/resources/subscriptions/rebound", {
        token: owner.token,
        body: { url, eventTypes: ["OrderCreated"] },
      });
      expect(created.status).toBe(201);
      // The name passes when saved and points at this host when used: the system resolver answers for it here alone.
      const systemLookup = dns.lookup;
      dns.lookup = ((host: string, options: dns.LookupOptions, callback: (...a: unknown[]) => void) =>
        host === "rebound.example.com"
          ? callback(null, [{ address: "127.0.0.1", family: 4 }])
          : systemLookup(host, options, callback as never)) as typeof dns.lookup;
      syncBuiltinESMExports();
      try {
        await createOrder(strict, owner.token);
        await vi.waitFor(
          async () => {
            const r = await strict.request("GET", "/resources/subscriptions/rebound/deliveries", {
              token: owner.token,
            });
            const { deliveries } = (await r.json()) as { deliveries: { status: number | null; error: string }[] };
            expect(deliveries[0]).toMatchObject({ status: null, error: "url address not allowed" });
          },
          { timeout: 5000, interval: 20 },
        );
      } finally {
        dns.lookup = systemLookup;
        syncBuiltinESMExports();
      }
      expect(receiver.requests("rebound")).toEqual([]);
    },
  );
});
