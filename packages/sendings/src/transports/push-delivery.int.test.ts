import { describe, expect, it } from "vitest";
import type { SendingRecord } from "../index.ts";
import { journal, push, pushBody, queue, settled, t, usePushPlatforms, vapid } from "../test-support/push-fixture.ts";
import type { Err } from "../test-support/push-fixture.ts";

usePushPlatforms();

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
