import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { syncAppDefinitions } from "./sync.ts";
import { runOps } from "../../../../scripts/ops/run.ts";

const clock = fixedClock("2026-11-24T10:00:00Z");
let t: TestPlatform;
const nightly = componentSource("return 1;");

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = (r: Response): Promise<any> => r.json();
const shop = (definitions: unknown[]) => appBody("shop", { nightly }, [], { jobDefinitions: definitions });
const get = (id: string) => t.request("GET", `/resources/job-definitions/${id}`, { token: "ops" });
const patch = (id: string, body: unknown) =>
  t.request("PATCH", `/resources/job-definitions/${id}`, { token: "ops", body });

beforeAll(async () => {
  t = await jobsTestPlatform(clock);
});
afterAll(() => t?.close());

describe("job definitions an app brings", () => {
  it("are stored as apps/<appId>/<id> when the app is installed, before its PUT answers", async () => {
    await install(
      t,
      shop([
        {
          id: "nightly",
          componentId: "nightly",
          schedules: [{ cron: "0 2 * * *", timeZone: "Europe/Berlin" }],
          queue: "batch",
        },
        { id: "weekly/report", componentId: "shop/nightly" },
      ]),
    );
    const r = await get("apps/shop/nightly");
    expect(r.status).toBe(200);
    expect(await j(r)).toMatchObject({
      jobDefinitionId: "apps/shop/nightly",
      componentId: "shop/nightly",
      appId: "shop",
      queue: "batch",
      schedules: [{ cron: "0 2 * * *", timeZone: "Europe/Berlin" }],
      scheduleIsOverridden: false,
    });
    expect(await j(await get("apps/shop/weekly/report"))).toMatchObject({ componentId: "shop/nightly", schedules: [] });
  });

  it("refuse PUT and DELETE (403), and PATCH of the author's fields", async () => {
    expect(
      (
        await t.request("PUT", "/resources/job-definitions/apps/shop/nightly", {
          token: "ops",
          body: { componentId: "nightly" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.request("PUT", "/resources/job-definitions/apps/other/new", {
          token: "ops",
          body: { componentId: "nightly" },
        })
      ).status,
    ).toBe(403);
    expect((await t.request("DELETE", "/resources/job-definitions/apps/shop/nightly", { token: "ops" })).status).toBe(
      403,
    );
    const r = await patch("apps/shop/nightly", { componentId: "shop/nightly", acl: [] });
    expect(r.status).toBe(403);
    expect((await j(r)).error.details).toEqual({ fields: ["componentId", "acl"] });
  });

  it("take a tenant override with PATCH, shown as scheduleIsOverridden", async () => {
    const r = await patch("apps/shop/nightly", { schedules: [{ cron: "30 4 * * *" }], scheduleSuspended: true });
    expect(r.status).toBe(200);
    expect(await j(r)).toMatchObject({
      schedules: [{ cron: "30 4 * * *" }],
      scheduleSuspended: true,
      queue: "batch",
      scheduleIsOverridden: true,
    });
    expect((await patch("apps/shop/nightly", { schedules: [{ cron: "H 4 * * *" }] })).status).toBe(400);
  });

  it("keep the override when the app is upgraded; the author's default is replaced", async () => {
    await install(
      t,
      shop([
        {
          id: "nightly",
          componentId: "nightly",
          schedules: [{ cron: "0 1 * * *" }],
          queue: "batch2",
          maxConcurrency: 3,
        },
      ]),
    );
    expect(await j(await get("apps/shop/nightly"))).toMatchObject({
      schedules: [{ cron: "30 4 * * *" }],
      scheduleSuspended: true,
      queue: "batch2",
      maxConcurrency: 3,
      scheduleIsOverridden: true,
    });
    // The upgrade no longer brings weekly/report: it is withdrawn.
    expect((await get("apps/shop/weekly/report")).status).toBe(404);
  });

  it("drop an override field with null: back to the author's", async () => {
    const r = await patch("apps/shop/nightly", { schedules: null });
    expect(await j(r)).toMatchObject({
      schedules: [{ cron: "0 1 * * *" }],
      scheduleSuspended: true,
      scheduleIsOverridden: true,
    });
    expect(await j(await patch("apps/shop/nightly", { scheduleSuspended: null }))).toMatchObject({
      scheduleSuspended: false,
      scheduleIsOverridden: false,
    });
  });

  it("carry the manifest's retry, which a tenant may override member by member", async () => {
    await install(
      t,
      shop([
        {
          id: "nightly",
          componentId: "nightly",
          schedules: [{ cron: "0 1 * * *" }],
          queue: "batch2",
          maxConcurrency: 3,
          retry: { maxAttempts: 4 },
        },
      ]),
    );
    expect(await j(await get("apps/shop/nightly"))).toMatchObject({
      retry: { maxAttempts: 4, backoffSeconds: 30, maxBackoffSeconds: 3600 },
      scheduleIsOverridden: false,
    });
    expect(await j(await patch("apps/shop/nightly", { retry: { backoffSeconds: 5 } }))).toMatchObject({
      retry: { maxAttempts: 4, backoffSeconds: 5, maxBackoffSeconds: 3600 },
      scheduleIsOverridden: true,
    });
    expect(await j(await patch("apps/shop/nightly", { retry: null }))).toMatchObject({
      retry: { maxAttempts: 4, backoffSeconds: 30, maxBackoffSeconds: 3600 },
      scheduleIsOverridden: false,
    });
    const bad = await t.request("PUT", "/resources/apps/shop", {
      token: "ops",
      body: shop([{ id: "nightly", componentId: "nightly", retry: { maxAttempts: 26, every: 1 } }]),
    });
    expect(bad.status).toBe(400);
    expect((await j(bad)).error.details).toEqual([
      { path: "manifest.jobDefinitions[0].retry.maxAttempts", message: "must be at most 25" },
      { path: "manifest.jobDefinitions[0].retry.every", message: "is not a field of a job definition" },
    ]);
  });

  it("go, default and override both, when the app is removed; a re-install starts from the author's", async () => {
    await patch("apps/shop/nightly", { queue: "mine" });
    expect((await t.request("DELETE", "/resources/apps/shop", { token: "ops" })).status).toBe(204);
    expect((await get("apps/shop/nightly")).status).toBe(404);
    expect((await patch("apps/shop/nightly", { queue: "x" })).status).toBe(404);
    await install(t, shop([{ id: "nightly", componentId: "nightly", schedules: [{ cron: "0 1 * * *" }] }]));
    expect(await j(await get("apps/shop/nightly"))).toMatchObject({ queue: null, scheduleIsOverridden: false });
  });

  it(
    "are checked before the app is stored: fields, schedules, one id once, and an acl within " + "the installer's",
    async () => {
      const r = await t.request("PUT", "/resources/apps/bad", {
        token: "ops",
        body: appBody("bad", { nightly }, [], {
          jobDefinitions: [
            { id: "a", componentId: "nightly", schedules: [{ cron: "0 0 3 * * *" }], scheduleConcurrency: "replace" },
            { id: "a", componentId: "nightly" },
            { id: "b", componentId: "nightly", when: 1 },
          ],
        }),
      });
      expect(r.status).toBe(400);
      expect((await j(r)).error.details).toEqual([
        {
          path: "manifest.jobDefinitions[0].scheduleConcurrency",
          message: "replace is not supported (use forbid or allow)",
        },
        { path: "manifest.jobDefinitions[1].id", message: "'a' appears twice" },
        { path: "manifest.jobDefinitions[2].when", message: "is not a field of a job definition" },
      ]);
      const schedule = await t.request("PUT", "/resources/apps/bad", {
        token: "ops",
        body: appBody("bad", { nightly }, [], {
          jobDefinitions: [{ id: "a", componentId: "nightly", schedules: [{ cron: "0 0 3 * * *" }] }],
        }),
      });
      expect((await j(schedule)).error.details[0].path).toBe("manifest.jobDefinitions[0].schedules[0].cron");
      const acl = await t.request("PUT", "/resources/apps/bad", {
        token: "ops",
        body: appBody("bad", { nightly }, [], {
          jobDefinitions: [{ id: "a", componentId: "nightly", acl: ["actors/order:cancel"] }],
        }),
      });
      expect(acl.status).toBe(403);
      expect((await t.request("GET", "/resources/apps/bad", { token: "ops" })).status).toBe(404);
    },
  );

  it("are journaled with the app event as their cause, and the installer as who", async () => {
    const list = await j(await t.request("GET", "/resources/job-definitions", { token: "ops" }));
    expect(list.jobDefinitions.map((d: { jobDefinitionId: string }) => d.jobDefinitionId)).toEqual([
      "apps/shop/nightly",
    ]);
    const { store } = t.platform;
    const definition = (
      await store.readStream((await store.lookupKey("job-definition:definitionId", "apps/shop/nightly"))!)
    ).at(-1)!;
    const app = (await store.readStream((await store.lookupKey("app:appId", "shop"))!)).at(-1)!;
    expect(definition.type).toBe("JobDefinitionProvided");
    expect(definition.metadata).toMatchObject({ principalId: "p-admin", causationId: app.id });
    expect(definition.data).toMatchObject({ appId: "shop", appVersion: app.version });
  });

  it("follow the app when its events come again or late (the reactor after a crash): nothing older wins", async () => {
    const { store } = t.platform;
    const events = await store.readStream((await store.lookupKey("app:appId", "shop"))!);
    const before = await j(await get("apps/shop/nightly"));
    // install v1 (queue batch, weekly/report), upgrade, remove, install
    for (const e of events) await syncAppDefinitions(t.platform, e);
    expect(await j(await get("apps/shop/nightly"))).toEqual(before);
    expect((await get("apps/shop/weekly/report")).status).toBe(404);
  });

  it("are read and replayed by the operators' CLI by their id", async () => {
    const out: string[] = [];
    expect(
      await runOps(["journal", "job-definition", "apps/shop/nightly", "--json"], t.platform, {
        out: (l) => out.push(l),
        err: () => undefined,
      }),
    ).toBe(0);
    const types = out.map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types).toEqual([
      "JobDefinitionProvided",
      "JobDefinitionOverridden",
      "JobDefinitionProvided",
      "JobDefinitionOverridden",
      "JobDefinitionOverridden",
      // The retry: its author's, then a tenant's override set and dropped.
      "JobDefinitionProvided",
      "JobDefinitionOverridden",
      "JobDefinitionOverridden",
      "JobDefinitionOverridden",
      "JobDefinitionWithdrawn",
      "JobDefinitionProvided",
    ]);
    const replay: string[] = [];
    expect(
      await runOps(["replay", "job-definition", "apps/shop/nightly", "--version", "2"], t.platform, {
        out: (l) => replay.push(l),
        err: () => undefined,
      }),
    ).toBe(0);
    expect(JSON.parse(replay.join("\n"))).toMatchObject({
      actor: { version: 2 },
      state: { origin: "app", override: { scheduleSuspended: true } },
    });
  });

  it(
    "refuse an install or upgrade by someone who does not hold the acl of a definition that " +
      "runs the app's component",
    async () => {
      expect(
        (
          await t.request("PUT", "/resources/job-definitions/uses-shop", {
            token: "ops",
            body: { componentId: "shop/nightly", acl: ["actors/order:create"] },
          })
        ).status,
      ).toBe(201);
      const upgrade = (token: string) =>
        t.request("PUT", "/resources/apps/shop", {
          token,
          body: appBody("shop", { nightly: componentSource("return 2;") }),
        });
      const refused = await upgrade("apps");
      expect(refused.status).toBe(403);
      expect((await j(refused)).error.message).toBe(
        "Job definition 'uses-shop' runs shop/nightly with 'actors/order:create', which you do not hold",
      );
      expect((await upgrade("ops")).status).toBe(200);
      expect((await t.request("DELETE", "/resources/job-definitions/uses-shop", { token: "ops" })).status).toBe(204);
      expect((await upgrade("apps")).status).toBe(200);
    },
  );
});
