import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import { createTestPlatform, json } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { appBody, componentSource } from "@platform/apps/testing";
import { createClientWithToken, createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { sendingsContext } from "@platform/sendings";
import { createJobsContext } from "../index.ts";
import { jobServiceKey } from "../run/job-service.ts";
import { createScheduler } from "../schedule/scheduler.ts";
import type { Scheduler } from "../schedule/scheduler.ts";

/** Cancels the orders WEB-9 and STORE-9; each one's outcome, or the code its refusal had. */
const cancel = componentSource(`
  const out = {};
  for (const n of ["WEB-9", "STORE-9"]) {
    try {
      const cancelOrder = [{ type: "applyCommands", body: { commands: [{ type: "cancelOrder" }] } }];
      out[n] = (await ctx.messageActor("order", n, cancelOrder)).results[0].ok ? "cancelled" : "rejected";
    }
    catch (e) { out[n] = e.code; }
  }
  return out;`);

const clock = fixedClock("2026-01-05T00:00:30.000Z");
let t: TestPlatform;
let owner: string;
let scheduler: Scheduler;
const NIGHTLY = "/resources/job-definitions/apps/ops/nightly";

beforeAll(async () => {
  t = await createTestPlatform([
    iamTestContext(),
    actorsContext,
    ordersContext,
    sendingsContext,
    appsContext,
    createJobsContext({ clock, scheduler: false }),
  ]);
  owner = (await createPrincipalWithToken(t, { roles: ["system:owner"] })).token;
  const app = appBody("ops", { cancel }, [], {
    jobDefinitions: [{ id: "nightly", componentId: "cancel", acl: ["actors/order:applyCommands"] }],
  });
  expect((await t.request("PUT", "/resources/apps/ops", { token: owner, body: app })).status).toBe(201);
  for (const [number, channelKey] of [
    ["WEB-9", "web"],
    ["STORE-9", "store"],
  ])
    expect(
      (
        await t.request("POST", "/resources/actors/order/new", {
          token: owner,
          body: [{ type: "create", body: orderBody(number!, { channelKey: channelKey! }) }],
        })
      ).status,
    ).toBe(200);
  scheduler = createScheduler(t.platform, clock, t.platform.ports.get(jobServiceKey));
});
afterAll(() => t?.close());

const everyMinute = { schedules: [{ cron: "* * * * *" }] };
const nightly = async () => json(await t.request("GET", NIGHTLY, { token: owner }));
const orderStatus = async (n: string) =>
  (await json(await t.request("GET", `/resources/actors/order/${n}`, { token: owner }))).state.status;

describe("a tenant override of an app's definition needs the rights its schedule uses", () => {
  it(
    "a client with only job-definitions:read/write cannot schedule an app's definition: 403, " + "nothing changes",
    async () => {
      const tenant = await createClientWithToken(t, {
        scopes: ["job-definitions:read", "job-definitions:write"],
        accessAttributes: { channelKey: ["web"] },
      });
      const before = await nightly();
      const r = await t.request("PATCH", NIGHTLY, { token: tenant.token, body: everyMinute });
      expect(r.status).toBe(403);
      expect((await json(r)).error).toEqual({
        code: "FORBIDDEN",
        message: "Scheduling apps/ops/nightly requires jobs/apps/ops/nightly:schedule",
        details: { ace: "jobs/apps/ops/nightly:schedule" },
      });
      expect(await nightly()).toEqual(before);
      // Pausing and the queue need no more than job-definitions:write.
      expect(
        (await t.request("PATCH", NIGHTLY, { token: tenant.token, body: { scheduleSuspended: true, queue: "night" } }))
          .status,
      ).toBe(200);
      expect(
        (await t.request("PATCH", NIGHTLY, { token: tenant.token, body: { scheduleSuspended: null, queue: null } }))
          .status,
      ).toBe(200);
    },
  );

  it("jobs/<id>:schedule without the acl is not enough either", async () => {
    const tenant = await createClientWithToken(t, {
      scopes: ["job-definitions:read", "job-definitions:write", "jobs/apps/ops/nightly:schedule"],
    });
    const r = await t.request("PATCH", NIGHTLY, { token: tenant.token, body: everyMinute });
    expect(r.status).toBe(403);
    expect((await json(r)).error).toEqual({
      code: "FORBIDDEN",
      message: "The definition may not carry 'actors/order:applyCommands': you do not hold it",
      details: { ace: "actors/order:applyCommands" },
    });
    expect((await nightly()).scheduleIsOverridden).toBe(false);
  });

  it(
    "an owner's token scoped to job definitions cannot schedule it either: the token's scope " +
      "bounds what it hands on",
    async () => {
      const scoped = await createPrincipalWithToken(t, {
        roles: ["system:owner"],
        scope: ["job-definitions:*", "jobs/apps/ops/nightly:schedule"],
      });
      const r = await t.request("PATCH", NIGHTLY, { token: scoped.token, body: everyMinute });
      expect(r.status).toBe(403);
      const message = "The definition may not carry 'actors/order:applyCommands': you do not hold it";
      expect((await json(r)).error).toEqual({
        code: "FORBIDDEN",
        message,
        details: { ace: "actors/order:applyCommands" },
      });
      expect((await nightly()).scheduleIsOverridden).toBe(false);
    },
  );

  it(
    "an overrider who holds them: its scheduled runs are narrowed by its access attributes, and " + "end with it",
    async () => {
      const tenant = await createClientWithToken(t, {
        scopes: [
          "job-definitions:read",
          "job-definitions:write",
          "jobs/apps/ops/nightly:schedule",
          "actors/order:applyCommands",
        ],
        accessAttributes: { channelKey: ["web"] },
      });
      expect((await t.request("PATCH", NIGHTLY, { token: tenant.token, body: everyMinute })).status).toBe(200);
      await scheduler.pass();
      clock.set("2026-01-05T00:01:00.000Z");
      expect((await scheduler.pass()).filter((o) => o.definitionId === "apps/ops/nightly")).toEqual([
        { definitionId: "apps/ops/nightly", occurrence: "2026-01-05T00:01:00.000Z", outcome: "created" },
      ]);
      const outcome = async () =>
        (
          await json(await t.request("GET", "/resources/jobs?jobDefinitionId=apps/ops/nightly", { token: owner }))
        ).jobs.find((j: { status: string }) => j.status === "succeeded" || j.status === "failed");
      await expect.poll(outcome, { timeout: 20_000 }).toMatchObject({
        status: "succeeded",
        trigger: "schedule",
        result: { "WEB-9": "cancelled", "STORE-9": "FORBIDDEN" },
      });
      expect([await orderStatus("WEB-9"), await orderStatus("STORE-9")]).toEqual(["cancelled", "open"]);

      const path = `/resources/iam/clients/${tenant.clientId}`;
      expect(
        (
          await t.request("DELETE", path, {
            token: owner,
            headers: { "If-Match": (await t.request("GET", path, { token: owner })).headers.get("ETag")! },
          })
        ).status,
      ).toBe(204);
      clock.set("2026-01-05T00:02:00.000Z");
      await scheduler.pass();
      const failed = async () =>
        (
          await json(
            await t.request("GET", "/resources/jobs?jobDefinitionId=apps/ops/nightly&status=failed", { token: owner }),
          )
        ).jobs[0];
      await expect.poll(failed, { timeout: 20_000 }).toMatchObject({
        runAt: "2026-01-05T00:02:00.000Z",
        error: "FORBIDDEN: The schedule's overrider is no longer active",
      });
    },
  );
});
