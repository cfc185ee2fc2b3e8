import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { defineContext } from "@platform/host";
import { orderBody } from "@platform/orders/testing";
import type { EffectSource, ScheduleJobEffect } from "@platform/ports";
import { appBody, appsTestPlatform, componentSource, install } from "../testing/index.ts";
import { ports } from "@platform/ports";

/** Stands in for the jobs context: records what components emit. */
const emitted: { effect: ScheduleJobEffect; source: EffectSource }[] = [];
const effectsContext = defineContext({
  name: "test-effects",
  setup: (deps) =>
    deps.ports.provide(ports.componentEffects, {
      scheduleJob: async (effect, source) => void emitted.push({ effect, source }),
    }),
});

const createOrder = componentSource(
  'return await ctx.messageActor("order", "new", [{ type: "create", body: params.order }]);',
  '{ order: { type: "object" } }',
);
const tryCreateOrder = componentSource(
  'try { await ctx.messageActor("order", "new", [{ type: "create", body: params.order }]); ' +
    'return "created"; } catch (e) { return { name: e.name, code: e.code, status: e.status, ' +
    "message: e.message, stack: typeof e.stack }; }",
  '{ order: { type: "object" } }',
);
const sendEmail = componentSource(
  "try { return await ctx.sendEmail(params.email); } catch (e) { return { code: e.code, " +
    "status: e.status, message: e.message }; }",
  '{ email: { type: "object" } }',
);
const sendSms = componentSource(
  "try { return await ctx.sendSms(params.sms); } catch (e) { return { code: e.code, status: " +
    "e.status, message: e.message }; }",
  '{ sms: { type: "object" } }',
);
const sendPush = componentSource(
  "try { return await ctx.sendPush(params.push); } catch (e) { return { code: e.code, status: " +
    "e.status, message: e.message }; }",
  '{ push: { type: "object" } }',
);
const emit = componentSource('ctx.emit(params.effect); return "emitted";', '{ effect: { type: "object" } }');

let t: TestPlatform;
beforeAll(async () => {
  t = await appsTestPlatform({}, [effectsContext]);
  await install(
    t,
    appBody("ctx", { createOrder, tryCreateOrder, sendEmail, sendSms, sendPush, emit }, [
      { route: "orders/new", componentId: "createOrder", acl: ["actors/order:create"] },
      { route: "orders/no-acl", id: "no-acl", componentId: "createOrder", acl: ["actors/order:read"] },
      { route: "orders/no-acl-private", id: "no-acl-private", componentId: "tryCreateOrder", acl: [], isPublic: false },
      {
        route: "orders/private",
        id: "private",
        componentId: "tryCreateOrder",
        acl: ["actors/order:create"],
        isPublic: false,
      },
      { route: "mail", componentId: "sendEmail", acl: ["sendings:write"] },
      { route: "mail/no-acl", id: "mail-no-acl", componentId: "sendEmail" },
      { route: "sms", componentId: "sendSms", acl: ["sendings:write"] },
      { route: "sms/no-acl", id: "sms-no-acl", componentId: "sendSms" },
      { route: "push", componentId: "sendPush", acl: ["sendings:write"] },
      { route: "emit", componentId: "emit", acl: ["jobs/nightly:schedule"] },
    ]),
  );
});
afterAll(() => t.close());

const email = (over: Record<string, unknown> = {}) => ({
  to: "ada@example.com",
  subject: "Hi",
  body: { plainText: "Hello" },
  category: "welcome",
  ...over,
});

describe("ctx.messageActor", () => {
  it(
    "creates an order through the actor runtime, listed at once, answering what POST " + "/resources/actors would",
    async () => {
      const r = await t.request("POST", "/ingress/orders/new", {
        body: { order: orderBody("ING-1", { channelKey: "web" }) },
        headers: { "X-Request-Id": "req-ing-1", "X-Correlation-Id": "corr-ing-1" },
      });
      expect(r.status).toBe(200);
      const answer = await json(r);
      // The ingress acl holds actors/order:create, not :read: the answer shows the ids, not the state.
      expect(answer).toMatchObject({
        actor: { type: "order", identifiers: { orderNumber: "ING-1" }, version: 4 },
        results: [{ ok: true }],
        preview: false,
        state: null,
      });
      const list = await json(await t.request("GET", "/resources/orders?orderNumber=ING-1", { token: "admin" }));
      expect(list.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(["ING-1"]);

      const journal = await json(
        await t.request("GET", `/resources/actors/order/${answer.actor.id}/journal`, { token: "admin" }),
      );
      expect(journal.events).toHaveLength(4);
      for (const e of journal.events)
        expect(e.metadata).toEqual({
          at: expect.any(String),
          requestId: "req-ing-1",
          correlationId: "corr-ing-1",
          causationId: "req-ing-1",
          appId: "ctx",
          componentId: "createOrder",
          ingressId: "new",
        });
    },
  );

  it(
    "is authorised by the ingress acl alone: without actors/order:create nothing is created " + "(502 when uncaught)",
    async () => {
      const r = await t.request("POST", "/ingress/orders/no-acl", { body: { order: orderBody("ING-2") } });
      expect(r.status).toBe(502);
      expect((await json(r)).error).toEqual({
        code: "COMPONENT_FAILED",
        message: "Error: Requires actors/order:create",
        details: { code: "FORBIDDEN", status: 403 },
      });
      expect(
        (await json(await t.request("GET", "/resources/orders?orderNumber=ING-2", { token: "admin" }))).orders,
      ).toEqual([]);
    },
  );

  it(
    "is not widened by the caller's token: an owner calling an ingress without the acl is " + "refused inside",
    async () => {
      const r = await t.request("POST", "/ingress/orders/no-acl-private", {
        token: "admin",
        body: { order: orderBody("ING-3") },
      });
      expect(await json(r)).toEqual({
        name: "Error",
        code: "FORBIDDEN",
        status: 403,
        message: "Requires actors/order:create",
        stack: "string",
      });
      expect(
        (await json(await t.request("GET", "/resources/orders?orderNumber=ING-3", { token: "admin" }))).orders,
      ).toEqual([]);
    },
  );

  it("is narrowed by a restricted caller's access attributes", async () => {
    const outside = await t.request("POST", "/ingress/orders/private", {
      token: "web",
      body: { order: orderBody("ING-4", { channelKey: "store" }) },
    });
    expect(await json(outside)).toMatchObject({
      code: "FORBIDDEN",
      status: 403,
      message: "Outside your access attributes",
    });
    const inside = await t.request("POST", "/ingress/orders/private", {
      token: "web",
      body: { order: orderBody("ING-5", { channelKey: "web" }) },
    });
    expect(await json(inside)).toBe("created");
    const journal = await json(await t.request("GET", "/resources/actors/order/ING-5/journal", { token: "admin" }));
    expect(journal.events[0].metadata).toMatchObject({
      principalId: "p-web",
      sessionId: "session-web",
      appId: "ctx",
      componentId: "tryCreateOrder",
      ingressId: "private",
    });
  });
});

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

describe("ctx.emit", () => {
  it("validates a scheduleJob effect and hands it to the jobs context with the run's caller", async () => {
    emitted.length = 0;
    const before = Date.now();
    const r = await t.request("POST", "/ingress/emit", {
      body: { effect: { effect: "scheduleJob", definition: "nightly", at: "PT10M", parameters: { a: 1 } } },
    });
    const after = Date.now();
    expect(await json(r)).toBe("emitted");
    expect(emitted).toHaveLength(1);
    const { effect, source } = emitted[0]!;
    expect(effect).toMatchObject({ effect: "scheduleJob", definition: "nightly", parameters: { a: 1 } });
    // Ten minutes after the run, which happened between the request and its answer.
    expect(Date.parse(effect.runAt) - 600_000).toBeGreaterThanOrEqual(before);
    expect(Date.parse(effect.runAt) - 600_000).toBeLessThanOrEqual(after);
    expect(source.caller.scope).toEqual(["jobs/nightly:schedule"]);
    expect(source.who).toMatchObject({ appId: "ctx", componentId: "emit", ingressId: "emit" });
  });

  it("fails the run (502) for an effect it refuses, even when the component did not await it", async () => {
    emitted.length = 0;
    const bad = await t.request("POST", "/ingress/emit", {
      body: { effect: { effect: "scheduleJob", definition: "nightly", at: "P1M" } },
    });
    expect(bad.status).toBe(502);
    expect((await json(bad)).error).toEqual({
      code: "COMPONENT_FAILED",
      message: "ctx.emit was refused: ctx.emit: the effect is invalid",
      details: { code: "VALIDATION_FAILED" },
    });
    const other = await t.request("POST", "/ingress/emit", {
      body: { effect: { effect: "scheduleJob", definition: "weekly" } },
    });
    expect((await json(other)).error).toEqual({
      code: "COMPONENT_FAILED",
      message: "ctx.emit was refused: Requires jobs/weekly:schedule",
      details: { code: "FORBIDDEN" },
    });
    expect(emitted).toEqual([]);
  });
});
