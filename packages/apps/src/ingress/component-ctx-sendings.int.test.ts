import { describe, expect, it } from "vitest";
import { json } from "@platform/http/testing";
import { email, t } from "./component-ctx-fixture.ts";

describe("ctx.sendEmail", () => {
  it("queues a sending as POST /resources/sendings/email does, with the ingress acl", async () => {
    const r = await json(await t.request("POST", "/ingress/mail", { body: { email: email() } }));
    expect(r.sendings).toEqual([
      expect.objectContaining({ recipient: "ada@example.com", status: "pending", category: "welcome", subject: "Hi" }),
    ]);
    const sending = await json(
      await t.request("GET", `/resources/sendings/${r.sendings[0].sendingId}`, { token: "admin" }),
    );
    expect(sending.status).toBe("pending");
  });

  it("refuses without sendings:write, a system: category, and a bad email", async () => {
    expect(await json(await t.request("POST", "/ingress/mail/no-acl", { body: { email: email() } }))).toEqual({
      code: "FORBIDDEN",
      status: 403,
      message: "Requires sendings:write",
    });
    expect(
      await json(await t.request("POST", "/ingress/mail", { body: { email: email({ category: "system:reset" }) } })),
    ).toEqual({
      code: "FORBIDDEN",
      status: 403,
      message: "Categories starting with 'system:' are reserved for the platform",
    });
    expect(
      await json(await t.request("POST", "/ingress/mail", { body: { email: email({ subject: "" }) } })),
    ).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
  });
});

describe("ctx.sendSms and ctx.sendPush", () => {
  const sms = (over: Record<string, unknown> = {}) => ({
    to: "+4915112345678",
    body: { text: "Your code is 1234" },
    category: "otp",
    ...over,
  });
  const subscription = {
    endpoint: "https://fcm.googleapis.com/fcm/send/abc",
    keys: {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url"),
      auth: Buffer.alloc(16, 1).toString("base64url"),
    },
  };

  it("queue an SMS and a push as POST /resources/sendings/sms and /push do, with the ingress acl", async () => {
    const r = await json(await t.request("POST", "/ingress/sms", { body: { sms: sms() } }));
    expect(r.sendings).toEqual([
      expect.objectContaining({
        transport: "sms",
        recipient: "+4915112345678",
        status: "pending",
        category: "otp",
        subject: null,
      }),
    ]);
    const p = await json(
      await t.request("POST", "/ingress/push", {
        body: { push: { to: subscription, body: { title: "Hi", text: "Shipped" }, category: "orders" } },
      }),
    );
    expect(p.sendings).toEqual([
      expect.objectContaining({
        transport: "push",
        recipient: "https://fcm.googleapis.com",
        status: "pending",
        subject: "Hi",
      }),
    ]);
    const journal = await json(
      await t.request("GET", `/resources/actors/sending/${r.sendings[0].sendingId}/journal`, { token: "admin" }),
    );
    expect(journal.events[0].metadata).toMatchObject({ appId: "ctx", componentId: "sendSms", ingressId: "sms" });
  });

  it("refuse without sendings:write, a system: category, and a bad number or subscription", async () => {
    expect(await json(await t.request("POST", "/ingress/sms/no-acl", { body: { sms: sms() } }))).toEqual({
      code: "FORBIDDEN",
      status: 403,
      message: "Requires sendings:write",
    });
    // Without the right, a bad request is refused for the right, as over REST.
    expect(await json(await t.request("POST", "/ingress/sms/no-acl", { body: { sms: sms({ to: "0151" }) } }))).toEqual({
      code: "FORBIDDEN",
      status: 403,
      message: "Requires sendings:write",
    });
    expect(
      await json(await t.request("POST", "/ingress/sms", { body: { sms: sms({ category: "system:otp" }) } })),
    ).toMatchObject({ code: "FORBIDDEN", status: 403 });
    expect(await json(await t.request("POST", "/ingress/sms", { body: { sms: sms({ to: "0151" }) } }))).toMatchObject({
      code: "VALIDATION_FAILED",
      status: 400,
    });
    const internal = { ...subscription, endpoint: "https://10.0.0.5/push" };
    expect(
      await json(
        await t.request("POST", "/ingress/push", {
          body: { push: { to: internal, body: { title: "Hi", text: "x" }, category: "c" } },
        }),
      ),
    ).toMatchObject({ code: "VALIDATION_FAILED", status: 400 });
  });
});
