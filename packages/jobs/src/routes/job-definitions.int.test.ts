import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";

const clock = fixedClock("2026-11-24T10:00:00Z");
let t: TestPlatform;
const report = componentSource("return { ok: true };", "{ day: { type: 'text' } }");

beforeAll(async () => {
  t = await jobsTestPlatform(clock);
  await install(t, appBody("shop", { report, cleanup: report }));
  await install(t, appBody("tools", { cleanup: report }));
});
afterAll(() => t?.close());

const put = (id: string, body: unknown, token = "ops", headers: Record<string, string> = {}) =>
  t.request("PUT", `/resources/job-definitions/${id}`, { token, body, headers });
const patch = (id: string, body: unknown, token = "ops", headers: Record<string, string> = {}) =>
  t.request("PATCH", `/resources/job-definitions/${id}`, { token, body, headers });
const get = (id: string, token = "ops") => t.request("GET", `/resources/job-definitions/${id}`, { token });
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = (r: Response): Promise<any> => r.json();
const issues = async (r: Response) =>
  ((await j(r)) as { error: { code: string; details: { path: string; message: string }[] } }).error;

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

describe("job definitions: what a definition may name and carry", () => {
  it(
    "names an installed component: unknown → 400; a bare id two apps have → 400 naming both; in " + "full → fine",
    async () => {
      expect(await issues(await put("c1", { componentId: "nope" }))).toMatchObject({
        code: "VALIDATION_FAILED",
        details: [{ path: "componentId" }],
      });
      const both = await issues(await put("c1", { componentId: "cleanup" }));
      expect(both.details[0]!.message).toBe(
        "is a component of several apps (shop, tools): name one as <appId>/cleanup",
      );
      expect(await j(await put("c1", { componentId: "tools/cleanup" }))).toMatchObject({
        componentId: "tools/cleanup",
      });
      expect((await put("c2", { componentId: "shop/nope" })).status).toBe(400);
    },
  );

  it("carries an acl of at most what its writer holds", async () => {
    const r = await put("c3", { componentId: "report", acl: ["actors/order:cancel"] });
    expect(r.status).toBe(403);
    expect((await j(r)).error.details).toEqual({ ace: "actors/order:cancel" });
    expect((await put("c3", { componentId: "report", acl: ["actors/order:create"] })).status).toBe(201);
    expect((await put("c3", { componentId: "report", acl: ["actors/order:cancel"] }, "admin")).status).toBe(200);
    // A PATCH by someone who does not hold the acl would make them its writer: refused.
    expect((await patch("c3", { queue: "x" })).status).toBe(403);
  });

  it("carries a retry: members left out take their defaults, PATCH merges, null clears", async () => {
    const r = await put("retried", { componentId: "report", retry: { maxAttempts: 5 } });
    expect(await j(r)).toMatchObject({ retry: { maxAttempts: 5, backoffSeconds: 30, maxBackoffSeconds: 3600 } });
    expect(await j(await patch("retried", { retry: { backoffSeconds: 2, maxBackoffSeconds: 60 } }))).toMatchObject({
      retry: { maxAttempts: 5, backoffSeconds: 2, maxBackoffSeconds: 60 },
    });
    expect(await j(await patch("retried", { retry: null }))).toMatchObject({
      retry: { maxAttempts: 1, backoffSeconds: 30, maxBackoffSeconds: 3600 },
    });
    const bad = await issues(
      await put("retried", {
        componentId: "report",
        retry: { maxAttempts: 0, backoffSeconds: 1.5, maxBackoffSeconds: "1h", jitter: true },
      }),
    );
    expect(bad.details).toEqual([
      { path: "retry.maxAttempts", message: "must be at least 1" },
      { path: "retry.backoffSeconds", message: "must be an integer" },
      { path: "retry.maxBackoffSeconds", message: "must be an integer" },
      { path: "retry.jitter", message: expect.any(String) },
    ]);
    expect(await issues(await put("retried", { componentId: "report", retry: [] }))).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "retry" }],
    });
    expect((await j(await get("retried"))).retry).toEqual({
      maxAttempts: 1,
      backoffSeconds: 30,
      maxBackoffSeconds: 3600,
    });
  });

  it("refuses bad fields, each named", async () => {
    const r = await put("c4", {
      componentId: "report",
      scheduleConcurrency: "replace",
      maxConcurrency: 0,
      queue: "a b",
      extra: 1,
      scheduleStartingDeadlineSeconds: -1,
    });
    const e = await issues(r);
    expect(e.details.map((d) => d.path).sort()).toEqual([
      "extra",
      "maxConcurrency",
      "queue",
      "scheduleConcurrency",
      "scheduleStartingDeadlineSeconds",
    ]);
    expect(e.details.find((d) => d.path === "scheduleConcurrency")!.message).toBe(
      "replace is not supported (use forbid or allow)",
    );
    expect((await put("a//b", { componentId: "report" })).status).toBe(400);
    expect((await get("c4")).status).toBe(404);
  });
});

describe("job definitions: schedules", () => {
  const cronIssue = async (schedule: unknown) =>
    (await issues(await put("s1", { componentId: "report", schedules: [{ cron: "0 3 * * *" }, schedule] }))).details;

  it("takes 5 fields only: 6 or 7 → 400", async () => {
    expect(await cronIssue({ cron: "0 0 3 * * *" })).toEqual([
      {
        path: "schedules.1.cron",
        message:
          "must have 5 fields (minute hour day-of-month month day-of-week), not 6: seconds and years are not supported",
      },
    ]);
    expect((await cronIssue({ cron: "0 0 3 * * * 2027" }))[0]!.message).toMatch(/not 7/);
  });

  it("rejects H, naming its field; accepts names such as THU", async () => {
    expect(await cronIssue({ cron: "H 3 * * *" })).toEqual([
      { path: "schedules.1.cron", message: "H (jitter) is not supported: minute field 'H'" },
    ]);
    expect(await cronIssue({ cron: "0 H(0-5) * * *" })).toEqual([
      { path: "schedules.1.cron", message: "H (jitter) is not supported: hour field 'H(0-5)'" },
    ]);
    expect((await put("s2", { componentId: "report", schedules: [{ cron: "0 3 * MAR THU" }] })).status).toBe(201);
  });

  it("rejects an unknown zone, a bad field and a date that never comes", async () => {
    expect(await cronIssue({ cron: "0 3 * * *", timeZone: "Mars/Olympus" })).toEqual([
      { path: "schedules.1.timeZone", message: "'Mars/Olympus' is not an IANA or Windows time zone" },
    ]);
    expect((await cronIssue({ cron: "61 3 * * *" }))[0]!.path).toBe("schedules.1.cron");
    expect(await cronIssue({ cron: "0 0 30 2 *" })).toEqual([{ path: "schedules.1.cron", message: "never occurs" }]);
  });

  it("answers the next N occurrences over all schedules, collapsed, in any zone form", async () => {
    // 03:00 UTC, and 04:00 in Berlin (= 03:00 UTC in winter): one occurrence each day; Windows id for New York.
    const body = {
      componentId: "report",
      schedules: [
        { cron: "0 3 * * *" },
        { cron: "0 4 * * *", timeZone: "Europe/Berlin" },
        { cron: "30 9 * * MON", timeZone: "Eastern Standard Time" },
      ],
    };
    expect((await put("s3", body)).status).toBe(201);
    const r = await t.request("GET", "/resources/job-definitions/s3?occurrences=5", { token: "reader" });
    expect((await j(r)).occurrences).toEqual([
      "2026-11-25T03:00:00.000Z",
      "2026-11-26T03:00:00.000Z",
      "2026-11-27T03:00:00.000Z",
      "2026-11-28T03:00:00.000Z",
      "2026-11-29T03:00:00.000Z",
    ]);
    clock.set("2026-11-29T12:00:00Z");
    const later = await j(await t.request("GET", "/resources/job-definitions/s3?occurrences=3", { token: "reader" }));
    expect(later.occurrences).toEqual([
      "2026-11-30T03:00:00.000Z",
      "2026-11-30T14:30:00.000Z",
      "2026-12-01T03:00:00.000Z",
    ]);
    expect((await j(await get("s3"))).occurrences).toBeUndefined();
    const hundred = await j(
      await t.request("GET", "/resources/job-definitions/s3?occurrences=100", { token: "reader" }),
    );
    expect(hundred.occurrences).toHaveLength(100);
    expect(new Set(hundred.occurrences).size).toBe(100);
    expect((await t.request("GET", "/resources/job-definitions/s3?occurrences=101", { token: "reader" })).status).toBe(
      400,
    );
    expect((await t.request("GET", "/resources/job-definitions/s3?occurrences=-1", { token: "reader" })).status).toBe(
      400,
    );
    await patch("s3", { scheduleSuspended: true });
    expect(
      (await j(await t.request("GET", "/resources/job-definitions/s3?occurrences=3", { token: "reader" }))).occurrences,
    ).toEqual([]);
  });

  it("keeps ISC cron's daylight-saving rule: a skipped 02:30 runs at 03:00, a repeated one once", async () => {
    const body = {
      componentId: "report",
      schedules: [
        { cron: "30 2 * * *", timeZone: "Europe/Berlin" },
        { cron: "30 1 * * *", timeZone: "America/New_York" },
      ],
    };
    expect((await put("dst", body)).status).toBe(201);
    clock.set("2026-03-27T12:00:00Z");
    const spring = await j(await t.request("GET", "/resources/job-definitions/dst?occurrences=4", { token: "reader" }));
    // Berlin: 28 Mar 02:30 CET, 29 Mar (02:00 → 03:00) at 03:00 CEST; New York 01:30 EDT after 8 Mar.
    expect(spring.occurrences).toEqual([
      "2026-03-28T01:30:00.000Z",
      "2026-03-28T05:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T05:30:00.000Z",
    ]);
    clock.set("2026-10-31T12:00:00Z");
    const autumn = await j(await t.request("GET", "/resources/job-definitions/dst?occurrences=4", { token: "reader" }));
    // Berlin on CET (01:30Z); New York 1 Nov 01:00–02:00 comes twice: 01:30 runs once, the first (EDT, 05:30Z), then
    // 06:30Z on EST.
    expect(autumn.occurrences).toEqual([
      "2026-11-01T01:30:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T01:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
  });
});
