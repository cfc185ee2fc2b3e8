import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { startWebhookReceiver } from "../testing/webhook-receiver.ts";
import type { Received, WebhookReceiver } from "../testing/webhook-receiver.ts";
import { createOrder, subscribe, testContexts, deliveries as deliveriesOf, waitFor } from "../test-support/fixtures.ts";

/** What consumers run themselves (docs/WEBHOOKS.md): secret rotation, test events, and a throttle. */
let t: TestPlatform;
let receiver: WebhookReceiver;
let admin: { token: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestPlatform(testContexts(), { OUTBOUND_ALLOW_PRIVATE: "true", SUBSCRIPTIONS_RETRY_BASE_MS: "40" });
  admin = await createPrincipalWithToken(t, { roles: ["system:owner"] });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const post = (name: string, action: string) =>
  t.request("POST", `/resources/subscriptions/${name}/${action}`, { token: admin.token });
const deliveries = (name: string) => deliveriesOf(t, admin.token, name);

/** Whether the request verifies with `secret` alone (standardwebhooks accepts any one matching signature). */
const verifiesWith = (secret: string, r: Received) => {
  try {
    new Webhook(secret).verify(r.body, r.headers);
    return true;
  } catch {
    return false;
  }
};

describe("POST …/rotate-secret", () => {
  it("answers a new secret once; deliveries then carry both signatures, the new one first", async () => {
    const { secret: old } = await subscribe(t, receiver, admin.token, "rotate", ["OrderCreated"]);
    const r = await post("rotate", "rotate-secret");
    expect(r.status).toBe(200);
    const { secret } = (await r.json()) as { secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(old);
    await createOrder(t, admin.token);
    await waitFor(() => expect(receiver.for("rotate")).toHaveLength(1));
    const got = receiver.for("rotate")[0]!;
    const signatures = got.headers["webhook-signature"]!.split(" ");
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => /^v1,[A-Za-z0-9+/]{43}=$/.test(s))).toBe(true);
    expect(verifiesWith(secret, got)).toBe(true);
    expect(verifiesWith(old, got)).toBe(true);
    // The first signature is the new secret's: a receiver that knows only the new one checks it alone.
    const newOnly = { ...got, headers: { ...got.headers, "webhook-signature": signatures[0]! } };
    expect(verifiesWith(secret, newOnly)).toBe(true);
    expect(verifiesWith(old, newOnly)).toBe(false);
  });

  it("never shows the secret again: not in GET, not in the journal", async () => {
    const { secret: old } = await subscribe(t, receiver, admin.token, "rotate-quiet", ["OrderCreated"]);
    const { secret } = (await (await post("rotate-quiet", "rotate-secret")).json()) as { secret: string };
    const shown = JSON.stringify(
      await Promise.all(
        ["", "/journal"].map(async (path) =>
          (await t.request("GET", `/resources/subscriptions/rotate-quiet${path}`, { token: admin.token })).json(),
        ),
      ),
    );
    expect(shown).toContain("SubscriptionSecretRotated");
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(old);
  });

  it("needs subscriptions:write, and a subscription that exists", async () => {
    await subscribe(t, receiver, admin.token, "rotate-guarded", ["OrderCreated"]);
    const reader = await createPrincipalWithToken(t, { acl: ["subscriptions:read"] });
    const refused = await t.request("POST", "/resources/subscriptions/rotate-guarded/rotate-secret", {
      token: reader.token,
    });
    expect(refused.status).toBe(403);
    expect((await post("no-such", "rotate-secret")).status).toBe(404);
  });
});

describe("POST …/test", () => {
  it("sends one subscription.test event, signed, even while paused, and logs it without a log position", async () => {
    await subscribe(t, receiver, admin.token, "tested", ["OrderCreated"]);
    expect((await post("tested", "pause")).status).toBe(200);
    const r = await post("tested", "test");
    expect(r.status).toBe(202);
    const { webhookId } = (await r.json()) as { webhookId: string };
    await waitFor(() => expect(receiver.for("tested")).toHaveLength(1));
    const got = receiver.for("tested")[0]!;
    expect(got.webhookId).toBe(webhookId);
    expect(got.payload).toMatchObject({
      id: webhookId,
      type: "subscription.test",
      stream: "subscription-tested",
      version: null,
      position: null,
      data: { subscriptionId: "tested" },
    });
    await waitFor(async () =>
      expect(await deliveries("tested")).toEqual([
        expect.objectContaining({ webhookId, eventPosition: null, eventType: "subscription.test", status: 200 }),
      ]),
    );
    expect((await post("no-such", "test")).status).toBe(404);
  });

  it("logs the refusal of an endpoint that answers no 2xx", async () => {
    await subscribe(t, receiver, admin.token, "tested-down", ["OrderCreated"]);
    receiver.answer("tested-down", 503);
    const { webhookId } = (await (await post("tested-down", "test")).json()) as { webhookId: string };
    await waitFor(async () =>
      expect(await deliveries("tested-down")).toEqual([
        expect.objectContaining({ webhookId, status: 503, error: "HTTP 503: not now", attempt: 1 }),
      ]),
    );
  });
});

describe("maxPerSecond", () => {
  it("refuses a limit outside 1–1000", async () => {
    for (const maxPerSecond of [0, 1001, 2.5, "5"]) {
      const r = await t.request("PUT", "/resources/subscriptions/too-fast", {
        token: admin.token,
        body: { url: receiver.url("too-fast"), eventTypes: ["OrderCreated"], maxPerSecond },
      });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: { details: [{ path: "maxPerSecond" }] } });
    }
  });

  it("never lets more than the limit arrive in a second, and drains a backlog at that rate", async () => {
    const created = await t.request("PUT", "/resources/subscriptions/throttled", {
      token: admin.token,
      body: { url: receiver.url("throttled"), eventTypes: ["OrderCreated", "OrderLineCreated"], maxPerSecond: 5 },
    });
    expect(created.status).toBe(201);
    expect(await created.clone().json()).toMatchObject({ maxPerSecond: 5 });
    receiver.trust("throttled", ((await created.json()) as { secret: string }).secret);
    expect((await post("throttled", "pause")).status).toBe(200);
    // A backlog of 12 events (two of each order), then delivery resumes.
    for (let i = 0; i < 6; i++) await createOrder(t, admin.token);
    expect((await post("throttled", "resume")).status).toBe(200);
    await waitFor(() => expect(receiver.for("throttled")).toHaveLength(12), 10_000);
    // Where the limit is kept, the attempts' starts: the sixth after any one starts a second after it or later.
    await waitFor(async () => expect(await deliveries("throttled")).toHaveLength(12));
    const started = (await deliveries("throttled"))
      .map((d) => Date.parse(d.attemptedAt as string))
      .sort((a, b) => a - b);
    for (let i = 0; i + 5 < started.length; i++) expect(started[i + 5]! - started[i]!).toBeGreaterThanOrEqual(999);
    // So the backlog's twelve starts span eleven gaps of 200 ms at least (1 ms each lost to rounding at most).
    expect(started.at(-1)! - started[0]!).toBeGreaterThanOrEqual(2189);
    // At the receiver, whose arrival times carry the network's and a loaded machine's jitter (up to 220 ms seen, in
    // .ci/run): the backlog drained at the limit, and not much slower.
    const at = receiver.for("throttled").map((r) => r.at);
    expect(at.at(-1)! - at[0]!).toBeGreaterThanOrEqual(1700);
    expect(at.at(-1)! - at[0]!).toBeLessThan(4000);
  }, 15_000);
});
