import { OUTBOUND_LOCAL_HINT } from "@platform/outbound";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { newId } from "@platform/kernel";
import { sendingsContext } from "../index.ts";
import type { SendingRecord } from "../index.ts";
import { getSendingOverRest, startTestPushService } from "../testing/index.ts";
import type { TestPushService, TestPushSubscription } from "../testing/index.ts";

const vapid = webpush.generateVAPIDKeys();
const users = {
  writer: { scope: ["sendings:*"] },
  reader: { scope: ["sendings:read"] },
  web: { scope: ["sendings:*"], attributes: { channelKey: ["web"] } },
};
let push: TestPushService;
let t: TestPlatform;
/** Under the outbound rule and without VAPID keys: what a production deployment without push does. */
let strict: TestPlatform;
beforeAll(async () => {
  push = await startTestPushService();
  [t, strict] = await Promise.all([
    createTestPlatform([staticAuthContext(users), sendingsContext], {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: "mailto:ops@example.test",
      OUTBOUND_ALLOW_PRIVATE: "true",
      SENDINGS_INTERVAL_MS: "50",
      SENDINGS_RETRY_BASE_MS: "100",
    }),
    createTestPlatform([staticAuthContext(users), sendingsContext], { SENDINGS_INTERVAL_MS: "50" }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), strict.close()]);
  await push.close();
});

type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
const pushBody = (to: TestPushSubscription, over: Record<string, unknown> = {}) => ({
  to,
  body: { title: "Order shipped", text: "It arrives Tuesday" },
  category: "orders",
  ...over,
});
const queue = async (body: Record<string, unknown>, platform = t, token = "writer") => {
  const r = await platform.request("POST", "/resources/sendings/push", { token, body });
  expect(r.status, await r.clone().text()).toBe(202);
  return ((await r.json()) as { sendings: SendingRecord[] }).sendings[0]!;
};
const settled = (id: string, platform = t) =>
  expect
    .poll(async () => (await getSendingOverRest(platform, id)).status, { timeout: 10_000, interval: 25 })
    .not.toBe("pending")
    .then(() => getSendingOverRest(platform, id));
const journal = async (id: string, platform = t) =>
  (await platform.platform.store.readStream(`sending-${id}`)).map((e) => ({
    type: e.type,
    data: e.data as Record<string, unknown>,
  }));

describe("Web Push sendings", () => {
  it("encrypts the body for the subscription, signs with VAPID, and records it sent", async () => {
    const sub = push.subscribe();
    const s = await queue(
      pushBody(sub, {
        body: { title: "Order shipped", text: "It arrives Tuesday", url: "/orders/42" },
        ttlSeconds: 3600,
        urgency: "high",
        dynamic: { orderId: 42 },
      }),
    );
    expect(s).toMatchObject({
      transport: "push",
      recipient: push.url,
      subject: "Order shipped",
      status: "pending",
      dynamic: { orderId: 42 },
      data: { cc: "", bcc: "" },
    });
    expect(await settled(s.sendingId)).toMatchObject({
      status: "sent",
      retryCount: 0,
      errorMessage: null,
      sentAt: expect.any(String),
    });
    const [received] = push.received(sub);
    expect(push.received(sub)).toHaveLength(1);
    expect(received).toMatchObject({
      payload: { title: "Order shipped", text: "It arrives Tuesday", url: "/orders/42" },
      ttl: "3600",
      urgency: "high",
      contentEncoding: "aes128gcm",
      vapid: { aud: push.url, sub: "mailto:ops@example.test" },
      vapidKey: vapid.publicKey,
    });
    const events = await journal(s.sendingId);
    expect(events.map((e) => e.type)).toEqual(["SendingQueued", "SendingSent"]);
    expect(events[0]!.data.push).toEqual({
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
      url: "/orders/42",
      ttlSeconds: 3600,
      urgency: "high",
    });
    expect(events[1]!.data.messageId).toMatch(new RegExp(`^${push.url}/message/`));
  });

  it("sends a day's TTL at normal urgency unless told, and the payload without a url", async () => {
    const sub = push.subscribe();
    await settled((await queue(pushBody(sub))).sendingId);
    expect(push.received(sub)[0]).toMatchObject({
      payload: { title: "Order shipped", text: "It arrives Tuesday" },
      ttl: "86400",
      urgency: "normal",
    });
    expect(Object.keys(push.received(sub)[0]!.payload as object)).toEqual(["title", "text"]);
  });

  it("bounces at once when the subscription is gone (404, 410)", async () => {
    for (const status of [404, 410]) {
      const sub = push.subscribe();
      push.answer(sub, { status, body: "unsubscribed" });
      const done = await settled((await queue(pushBody(sub))).sendingId);
      expect(done).toMatchObject({
        status: "bounced",
        retryCount: 0,
        errorMessage: `push service answered ${status}: unsubscribed (the subscription is gone)`,
      });
      expect(push.attempts(sub)).toEqual([status]);
    }
  });

  it("retries a 5xx with the backoff and waits out a 429's Retry-After", async () => {
    const sub = push.subscribe();
    push.answer(sub, { status: 503 }, { status: 429, headers: { "retry-after": "1" } });
    const s = await queue(pushBody(sub));
    expect(await settled(s.sendingId)).toMatchObject({ status: "sent", retryCount: 2 });
    expect(push.attempts(sub)).toEqual([503, 429, 201]);
    const events = await journal(s.sendingId);
    expect(events.map((e) => e.type)).toEqual([
      "SendingQueued",
      "SendingAttemptFailed",
      "SendingAttemptFailed",
      "SendingSent",
    ]);
    expect(events[1]!.data.error).toBe("push service answered 503");
    // The second wait is the push service's second, not the backoff's 200 ms.
    const [queuedAt, , limited] = await t.platform.store.readStream(`sending-${s.sendingId}`);
    const wait =
      Date.parse(String((limited!.data as { nextAttemptAt: string }).nextAttemptAt)) - Date.parse(limited!.metadata.at);
    expect(wait).toBe(1000);
    expect(queuedAt).toBeDefined();
  });

  it("bounces a subscription the push service refuses for good (another 4xx)", async () => {
    const sub = push.subscribe();
    push.answer(sub, { status: 413, body: "payload too large" });
    expect(await settled((await queue(pushBody(sub))).sendingId)).toMatchObject({
      status: "bounced",
      retryCount: 0,
      errorMessage: "push service answered 413: payload too large",
    });
  });

  it("lists by transport", async () => {
    const r = (await (
      await t.request("GET", "/resources/sendings?transport=push&limit=100", { token: "reader" })
    ).json()) as { sendings: SendingRecord[]; totalCount: number };
    expect(r.totalCount).toBeGreaterThan(0);
    expect(new Set(r.sendings.map((s) => s.transport))).toEqual(new Set(["push"]));
    const bad = (await (
      await t.request("GET", "/resources/sendings?transport=fax", { token: "reader" })
    ).json()) as Err;
    expect(bad.error.details).toEqual([{ path: "transport", message: "must be email, sms or push" }]);
  });
});

describe("the push API's rules", () => {
  it("answers the VAPID public key to anyone, and 404 where push is not configured", async () => {
    const r = await t.request("GET", "/resources/sendings/push/vapid-public-key");
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ publicKey: vapid.publicKey });
    const none = await strict.request("GET", "/resources/sendings/push/vapid-public-key");
    expect(none.status).toBe(404);
    expect(((await none.json()) as Err).error.code).toBe("NOT_FOUND");
  });

  it("names every bad field", async () => {
    const sub = push.subscribe();
    const cases: [Record<string, unknown>, string[]][] = [
      [{ to: { ...sub, keys: { p256dh: "abc", auth: sub.keys.auth } } }, ["to.keys.p256dh"]],
      [
        { to: { ...sub, keys: { p256dh: sub.keys.p256dh, auth: Buffer.alloc(8).toString("base64url") } } },
        ["to.keys.auth"],
      ],
      [{ to: { endpoint: "not a url", keys: sub.keys } }, ["to.endpoint"]],
      [{ body: { title: "", text: "x" } }, ["body.title"]],
      [{ body: { title: "t", text: "x", url: "javascript:alert(1)" } }, ["body.url"]],
      [{ body: { title: "t", text: "é".repeat(2000) } }, ["body"]],
      [{ ttlSeconds: 2_419_201 }, ["ttlSeconds"]],
      [{ ttlSeconds: 1.5 }, ["ttlSeconds"]],
      [{ urgency: "urgent" }, ["urgency"]],
      [{ category: "" }, ["category"]],
      [{ extra: 1 }, ["extra"]],
    ];
    for (const [over, paths] of cases) {
      const r = await t.request("POST", "/resources/sendings/push", { token: "writer", body: pushBody(sub, over) });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(
        ((await r.json()) as Err).error.details!.map((d) => d.path),
        JSON.stringify(over),
      ).toEqual(paths);
    }
    expect(push.attempts(sub)).toEqual([]);
  });

  it("refuses push endpoints on internal addresses or over http under the outbound rule", async () => {
    const sub = push.subscribe();
    for (const endpoint of [
      sub.endpoint,
      "https://127.0.0.1/push/x",
      "https://10.1.2.3/push/x",
      "https://[::1]/push/x",
      "https://localhost/push/x",
      "https://169.254.169.254/latest",
    ]) {
      const r = await strict.request("POST", "/resources/sendings/push", {
        token: "writer",
        body: pushBody({ ...sub, endpoint }),
      });
      expect(r.status, endpoint).toBe(400);
      expect(
        ((await r.json()) as Err).error.details!.map((d) => d.path),
        endpoint,
      ).toEqual(["to.endpoint"]);
    }
  });

  it("never reaches an internal endpoint that got into a sending: it bounces, refused", async () => {
    const vapidEnv = {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      SENDINGS_INTERVAL_MS: "50",
    };
    const guarded = await createTestPlatform([staticAuthContext(users), sendingsContext], vapidEnv);
    try {
      const sub = push.subscribe();
      const id = newId();
      const target = {
        endpoint: sub.endpoint.replace("http:", "https:"),
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        url: null,
        ttlSeconds: 60,
        urgency: "normal" as const,
      };
      const planted = {
        recipient: "https://127.0.0.1",
        transport: "push",
        category: "x",
        subject: "t",
        plainText: "x",
        html: null,
        cc: "",
        bcc: "",
        dynamic: {},
        push: target,
      };
      await guarded.platform.runtime.execute(
        "sending",
        id,
        [{ type: "queue", ...planted }],
        { clientId: "test" },
        { existence: "new" },
      );
      const done = await settled(id, guarded);
      expect(done.status).toBe("bounced");
      expect(done.errorMessage).toBe(
        `url must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`,
      );
      expect(push.attempts(sub)).toEqual([]);
    } finally {
      await guarded.close();
    }
  });

  it("queues only with sendings:write, inside the caller's attributes, outside system: categories", async () => {
    const sub = push.subscribe();
    const status = async (token: string, over: Record<string, unknown> = {}) =>
      (await t.request("POST", "/resources/sendings/push", { token, body: pushBody(sub, over) })).status;
    expect(await status("reader")).toBe(403);
    expect(await status("web", { dynamic: { channelKey: "shop" } })).toBe(403);
    expect(await status("web")).toBe(403);
    expect(await status("writer", { category: "system:alerts" })).toBe(403);
    expect(push.attempts(sub)).toEqual([]);
    expect(await status("web", { dynamic: { channelKey: "web" } })).toBe(202);
  });

  it("keeps a push pending where push is not configured, and cancels it", async () => {
    const s = await queue(
      pushBody({ ...push.subscribe(), endpoint: "https://fcm.googleapis.com/fcm/send/abc" }),
      strict,
    );
    expect(s).toMatchObject({ recipient: "https://fcm.googleapis.com", status: "pending" });
    expect((await strict.request("DELETE", `/resources/sendings/${s.sendingId}`, { token: "writer" })).status).toBe(
      204,
    );
    expect((await getSendingOverRest(strict, s.sendingId)).status).toBe("cancelled");
  });
});
