import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { definitionRequests, issues, j, startDefinitionsPlatform } from "./job-definitions-fixture.ts";

const clock = fixedClock("2026-11-24T10:00:00Z");
let t: TestPlatform;

beforeAll(async () => {
  t = await startDefinitionsPlatform(clock);
});
afterAll(() => t?.close());

const { put, patch, get } = definitionRequests(() => t);

describe("job definitions: PUT, PATCH, GET, list, DELETE", () => {
  it("creates with PUT (201), fills cleared fields with their defaults and names the component in full", async () => {
    expect((await get("reports/eu/daily")).status).toBe(404);
    const r = await put("reports/eu/daily", {
      componentId: "report",
      queue: "reports",
      schedules: [{ cron: "0 3 * * *", timeZone: "Europe/Berlin" }],
    });
    expect(r.status).toBe(201);
    expect(r.headers.get("ETag")).toBe('"v1"');
    const body = await j(r);
    expect(body).toEqual({
      jobDefinitionId: "reports/eu/daily",
      componentId: "shop/report",
      queue: "reports",
      maxConcurrency: null,
      limit: null,
      schedules: [{ cron: "0 3 * * *", timeZone: "Europe/Berlin" }],
      scheduleSuspended: false,
      scheduleConcurrency: "forbid",
      scheduleStartingDeadlineSeconds: null,
      scheduleIsOverridden: false,
      acl: [],
      retry: { maxAttempts: 1, backoffSeconds: 30, maxBackoffSeconds: 3600 },
      appId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: body.createdAt,
      etag: "v1",
    });
    expect((await get("reports/eu/daily")).headers.get("ETag")).toBe('"v1"');
  });

  it("replaces with PUT (200): an absent field is cleared; the same body again records nothing", async () => {
    const r = await put("reports/eu/daily", { componentId: "shop/report", maxConcurrency: 2 });
    expect(r.status).toBe(200);
    expect(await j(r)).toMatchObject({ queue: null, maxConcurrency: 2, schedules: [], etag: "v2" });
    const again = await put("reports/eu/daily", { componentId: "shop/report", maxConcurrency: 2 });
    expect(again.status).toBe(200);
    expect(again.headers.get("ETag")).toBe('"v2"');
  });

  it("merges with PATCH: absent unchanged, null cleared", async () => {
    const r = await patch("reports/eu/daily", {
      queue: "slow",
      scheduleSuspended: true,
      scheduleStartingDeadlineSeconds: 300,
    });
    expect(await j(r)).toMatchObject({
      queue: "slow",
      maxConcurrency: 2,
      scheduleSuspended: true,
      scheduleStartingDeadlineSeconds: 300,
      etag: "v3",
    });
    const cleared = await patch("reports/eu/daily", { maxConcurrency: null, scheduleSuspended: null });
    expect(cleared.status).toBe(200);
    expect(await j(cleared)).toMatchObject({
      queue: "slow",
      maxConcurrency: null,
      scheduleSuspended: false,
      scheduleStartingDeadlineSeconds: 300,
      etag: "v4",
    });
    expect(await issues(await patch("reports/eu/daily", { componentId: null }))).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "componentId" }],
    });
  });

  it("takes a GET answer back as a PUT (its read-only fields are ignored), but not another id", async () => {
    const current = await j(await get("reports/eu/daily"));
    expect((await put("reports/eu/daily", current)).status).toBe(200);
    expect(await issues(await put("reports/eu/daily", { ...current, jobDefinitionId: "other" }))).toMatchObject({
      details: [{ path: "jobDefinitionId" }],
    });
  });

  it("checks If-Match when sent: stale → 409, current → applied; on a new id → 409", async () => {
    const etag = (await get("reports/eu/daily")).headers.get("ETag")!;
    expect((await patch("reports/eu/daily", { queue: "a" }, "ops", { "If-Match": '"v1"' })).status).toBe(409);
    const ok = await patch("reports/eu/daily", { queue: "a" }, "ops", { "If-Match": etag });
    expect(ok.status).toBe(200);
    expect((await put("reports/eu/daily", { componentId: "report" }, "ops", { "If-Match": etag })).status).toBe(409);
    expect(
      (
        await t.request("DELETE", "/resources/job-definitions/reports/eu/daily", {
          token: "ops",
          headers: { "If-Match": etag },
        })
      ).status,
    ).toBe(409);
    expect((await put("reports/new", { componentId: "report" }, "ops", { "If-Match": '"v1"' })).status).toBe(409);
    expect((await get("reports/new")).status).toBe(404);
  });

  it("settles concurrent writes without If-Match: one create, and no PATCH lost", async () => {
    const creates = await Promise.all(Array.from({ length: 5 }, () => put("race", { componentId: "report" })));
    expect(creates.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const patches = await Promise.all([
      patch("race", { queue: "q1" }),
      patch("race", { maxConcurrency: 4 }),
      patch("race", { scheduleSuspended: true }),
      patch("race", { scheduleStartingDeadlineSeconds: 60 }),
    ]);
    expect(patches.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await j(await get("race"))).toMatchObject({
      queue: "q1",
      maxConcurrency: 4,
      scheduleSuspended: true,
      scheduleStartingDeadlineSeconds: 60,
      etag: "v5",
    });
    expect((await t.request("DELETE", "/resources/job-definitions/race", { token: "ops" })).status).toBe(204);
  });

  it("lists under jobDefinitions, by id, paginated", async () => {
    await put("a-first", { componentId: "report" });
    const page = await j(await t.request("GET", "/resources/job-definitions?limit=1", { token: "reader" }));
    expect(page).toMatchObject({ totalCount: 2, jobDefinitions: [{ jobDefinitionId: "a-first" }] });
    const next = await j(
      await t.request("GET", `/resources/job-definitions?limit=1&after=${page.lastCursor}`, { token: "reader" }),
    );
    expect(next.jobDefinitions.map((d: { jobDefinitionId: string }) => d.jobDefinitionId)).toEqual([
      "reports/eu/daily",
    ]);
    expect((await t.request("GET", "/resources/job-definitions?limit=101", { token: "reader" })).status).toBe(400);
  });

  it("deletes (204); then it is gone, and a second DELETE is 404", async () => {
    expect((await t.request("DELETE", "/resources/job-definitions/a-first", { token: "ops" })).status).toBe(204);
    expect((await get("a-first")).status).toBe(404);
    expect((await t.request("DELETE", "/resources/job-definitions/a-first", { token: "ops" })).status).toBe(404);
    expect((await put("a-first", { componentId: "report" })).status).toBe(201);
  });

  it("needs job-definitions:read to read and :write to write", async () => {
    expect((await get("reports/eu/daily", "reader")).status).toBe(200);
    expect((await put("reports/eu/daily", { componentId: "report" }, "reader")).status).toBe(403);
    expect((await patch("reports/eu/daily", { queue: "x" }, "reader")).status).toBe(403);
    expect((await t.request("DELETE", "/resources/job-definitions/reports/eu/daily", { token: "reader" })).status).toBe(
      403,
    );
    expect((await t.request("GET", "/resources/job-definitions")).status).toBe(401);
  });
});
