import { afterAll, beforeAll, expect } from "vitest";
import webpush from "web-push";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { sendingsContext } from "../index.ts";
import type { SendingRecord } from "../index.ts";
import { getSendingOverRest, startTestPushService } from "../testing/index.ts";
import type { TestPushService, TestPushSubscription } from "../testing/index.ts";

export const vapid = webpush.generateVAPIDKeys();
export const users = {
  writer: { scope: ["sendings:*"] },
  reader: { scope: ["sendings:read"] },
  web: { scope: ["sendings:*"], attributes: { channelKey: ["web"] } },
};
export let push: TestPushService;
export let t: TestPlatform;
/** Under the outbound rule and without VAPID keys: what a production deployment without push does. */
export let strict: TestPlatform;
/** Starts a push service and both platforms before the file's tests, closes them after; call once per test file. */
export const usePushPlatforms = () => {
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
};

export type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
export const pushBody = (to: TestPushSubscription, over: Record<string, unknown> = {}) => ({
  to,
  body: { title: "Order shipped", text: "It arrives Tuesday" },
  category: "orders",
  ...over,
});
export const queue = async (body: Record<string, unknown>, platform = t, token = "writer") => {
  const r = await platform.request("POST", "/resources/sendings/push", { token, body });
  expect(r.status, await r.clone().text()).toBe(202);
  return ((await r.json()) as { sendings: SendingRecord[] }).sendings[0]!;
};
export const settled = (id: string, platform = t) =>
  expect
    .poll(async () => (await getSendingOverRest(platform, id)).status, { timeout: 10_000, interval: 25 })
    .not.toBe("pending")
    .then(() => getSendingOverRest(platform, id));
export const journal = async (id: string, platform = t) =>
  (await platform.platform.store.readStream(`sending-${id}`)).map((e) => ({
    type: e.type,
    data: e.data as Record<string, unknown>,
  }));
