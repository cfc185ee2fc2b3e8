import { afterAll, beforeAll } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { defineContext } from "@platform/host";
import type { EffectSource, ScheduleJobEffect } from "@platform/ports";
import { appBody, appsTestPlatform, componentSource, install } from "../testing/index.ts";
import { ports } from "@platform/ports";

// The ctx calls' tests share one platform per file, with one app whose ingresses call each ctx function;
// importing this module registers its setup and teardown in the importing file.

/** Stands in for the jobs context: records what components emit. */
export const emitted: { effect: ScheduleJobEffect; source: EffectSource }[] = [];
const effectsContext = defineContext({
  name: "test-effects",
  provides: [ports.componentEffects],
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

export let t: TestPlatform;
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

export const email = (over: Record<string, unknown> = {}) => ({
  to: "ada@example.com",
  subject: "Hi",
  body: { plainText: "Hello" },
  category: "welcome",
  ...over,
});
