import { describe, expect, it } from "vitest";
import { OUTBOUND_LOCAL_HINT } from "@platform/outbound";
import { newId } from "@platform/kernel";
import { getSendingOverRest } from "../testing/index.ts";
import {
  push,
  pushBody,
  queue,
  settled,
  strict,
  t,
  usePushPlatforms,
  vapid,
  users,
} from "../test-support/push-fixture.ts";
import type { Err } from "../test-support/push-fixture.ts";
import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import { sendingsContext } from "../index.ts";

usePushPlatforms();

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
