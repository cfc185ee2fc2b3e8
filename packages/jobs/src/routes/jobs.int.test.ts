import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
const LATER = "2026-03-03T09:00:00.000Z";
let t: TestPlatform;
const report = componentSource(
  "return { day: params.day };",
  "{ day: { type: 'text' }, copies: { type: 'number', default: 1 }, channelKey: { type: ['text', 'nothing'] } }",
);

beforeAll(async () => {
  t = await jobsTestPlatform(clock);
  await install(t, appBody("shop", { report }));
  for (const id of ["reports/daily", "reports/weekly"])
    expect(
      (
        await t.request("PUT", `/resources/job-definitions/${id}`, {
          token: "ops",
          body: { componentId: "shop/report" },
        })
      ).status,
    ).toBe(201);
});
afterAll(() => t?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = (r: Response): Promise<any> => r.json();
const post = (body: unknown, token = "ops") => t.request("POST", "/resources/jobs", { token, body });
const get = (id: string, token = "ops") => t.request("GET", `/resources/jobs/${id}`, { token });
const list = async (query = "", token = "ops") => {
  const r = await t.request("GET", `/resources/jobs${query}`, { token });
  expect(r.status).toBe(200);
  return j(r);
};
const schedule = async (body: Record<string, unknown>, token = "ops") => {
  const r = await post({ runAt: LATER, ...body }, token);
  expect(r.status).toBe(201);
  return j(r);
};

describe("POST /resources/jobs", () => {
  it("schedules a job: 201 with the contract's fields, the parameters filled in, trigger api", async () => {
    const r = await post({
      jobDefinitionId: "reports/daily",
      parameters: { day: "mon" },
      runAt: "2026-03-03T10:00:00+01:00",
    });
    expect(r.status).toBe(201);
    const job = await j(r);
    expect(job).toEqual({
      jobId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      jobDefinitionId: "reports/daily",
      parameters: { day: "mon", copies: 1, channelKey: null },
      runAt: "2026-03-03T09:00:00.000Z",
      status: "pending",
      createdAt: "2026-03-02T09:00:00.000Z",
      startedAt: null,
      finishedAt: null,
      result: null,
      error: null,
      attempt: 0,
      errors: [],
      runId: null,
      trigger: "api",
      dependsOn: [],
      dependents: [],
      batchId: null,
      cancelReason: null,
    });
    expect(await j(await get(job.jobId))).toEqual(job);
  });

  it("runs at once without runAt (now)", async () => {
    const job = await j(await post({ jobDefinitionId: "reports/daily", parameters: { day: "tue" } }));
    expect(job.runAt).toBe(clock.now().toISOString());
  });

  it("validates the parameters against the component's, naming each bad field (400)", async () => {
    const r = await post({ jobDefinitionId: "reports/daily", parameters: { copies: "two", extra: 1 } });
    expect(r.status).toBe(400);
    const { error } = await j(r);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "parameters.copies",
      "parameters.day",
      "parameters.extra",
    ]);
  });

  it("refuses an unknown definition, a bad runAt and an unknown field (400), storing nothing", async () => {
    const before = (await list()).totalCount;
    for (const [body, path] of [
      [{ jobDefinitionId: "reports/none", parameters: { day: "x" } }, "jobDefinitionId"],
      [{ jobDefinitionId: "reports/daily", parameters: { day: "x" }, runAt: "tomorrow" }, "runAt"],
      [{ jobDefinitionId: "reports/daily", parameters: { day: "x" }, status: "succeeded" }, "status"],
      [{ jobDefinitionId: "../x", parameters: {} }, "jobDefinitionId"],
      [{ parameters: {} }, "jobDefinitionId"],
    ] as const) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((await j(r)).error.details[0].path).toBe(path);
    }
    expect((await list()).totalCount).toBe(before);
  });

  it("needs jobs/<definition>:schedule (403), whether or not the definition exists", async () => {
    expect(
      (await post({ jobDefinitionId: "reports/daily", parameters: { day: "x" }, runAt: LATER }, "daily")).status,
    ).toBe(201);
    expect((await post({ jobDefinitionId: "reports/weekly", parameters: { day: "x" } }, "daily")).status).toBe(403);
    expect((await post({ jobDefinitionId: "reports/none", parameters: { day: "x" } }, "daily")).status).toBe(403);
    expect((await post({ jobDefinitionId: "reports/daily", parameters: { day: "x" } }, "jobsReader")).status).toBe(403);
  });

  it("keeps a caller within its access attributes (parameters.channelKey)", async () => {
    expect(
      (await post({ jobDefinitionId: "reports/daily", parameters: { day: "x", channelKey: "shop" } }, "web")).status,
    ).toBe(403);
    expect((await post({ jobDefinitionId: "reports/daily", parameters: { day: "x" } }, "web")).status).toBe(403);
    expect(
      (
        await post(
          { jobDefinitionId: "reports/daily", parameters: { day: "x", channelKey: "web" }, runAt: LATER },
          "web",
        )
      ).status,
    ).toBe(201);
  });
});

describe("GET and the list", () => {
  it("filters by definition and status, newest first, only readable definitions' jobs", async () => {
    const weekly = await schedule({ jobDefinitionId: "reports/weekly", parameters: { day: "sun" } });
    const daily = await schedule({ jobDefinitionId: "reports/daily", parameters: { day: "wed" } });
    const all = await list("?limit=100");
    expect(all.jobs[0].jobId).toBe(daily.jobId);
    expect(all.jobs[1].jobId).toBe(weekly.jobId);
    expect(all.totalCount).toBe(all.jobs.length);

    const weeklies = await list("?jobDefinitionId=reports/weekly");
    expect(weeklies.jobs.map((x: { jobId: string }) => x.jobId)).toEqual([weekly.jobId]);
    expect(
      (await list("?status=pending&limit=100")).jobs.every((x: { status: string }) => x.status === "pending"),
    ).toBe(true);

    const mine = await list("?limit=100", "daily");
    expect(mine.jobs.length).toBeGreaterThan(0);
    expect(mine.jobs.every((x: { jobDefinitionId: string }) => x.jobDefinitionId === "reports/daily")).toBe(true);
    expect((await list("?jobDefinitionId=reports/weekly", "daily")).jobs).toEqual([]);
    expect((await get(weekly.jobId, "daily")).status).toBe(403);
    expect((await get(daily.jobId, "daily")).status).toBe(200);
  });

  it("shows a restricted caller only its channel's jobs, and answers 403 for the others", async () => {
    const web = await schedule(
      { jobDefinitionId: "reports/daily", parameters: { day: "x", channelKey: "web" } },
      "web",
    );
    const shop = await schedule({ jobDefinitionId: "reports/daily", parameters: { day: "x", channelKey: "shop" } });
    const seen = (await list("?limit=100", "web")).jobs.map(
      (x: { parameters: { channelKey: string } }) => x.parameters.channelKey,
    );
    expect(new Set(seen)).toEqual(new Set(["web"]));
    expect((await get(web.jobId, "web")).status).toBe(200);
    expect((await get(shop.jobId, "web")).status).toBe(403);
    expect((await t.request("DELETE", `/resources/jobs/${shop.jobId}`, { token: "web" })).status).toBe(403);
  });

  it("refuses a caller who may read no jobs (403), a bad filter or cursor (400); an unknown job is 404", async () => {
    expect((await t.request("GET", "/resources/jobs", { token: "nobody" })).status).toBe(403);
    expect((await t.request("GET", "/resources/jobs?status=done", { token: "ops" })).status).toBe(400);
    expect((await t.request("GET", "/resources/jobs?after=xyz", { token: "ops" })).status).toBe(400);
    expect((await t.request("GET", "/resources/jobs?limit=101", { token: "ops" })).status).toBe(400);
    expect((await get("0190a000-0000-7000-8000-0000000000ff")).status).toBe(404);
    expect((await get("not-a-job")).status).toBe(404);
    expect((await get("0190a000-0000-7000-8000-0000000000ff", "nobody")).status).toBe(403);
    expect((await t.request("GET", "/resources/jobs")).status).toBe(401);
  });

  it("filters by queue, runAt before and finished after an instant (both exclusive)", async () => {
    expect(
      (
        await t.request("PUT", "/resources/job-definitions/reports/queued", {
          token: "ops",
          body: { componentId: "shop/report", queue: "slow-lane" },
        })
      ).status,
    ).toBe(201);
    // Paused, so that the due job stays pending (no worker starts it).
    expect(
      (await t.request("PUT", "/resources/job-queues/slow-lane", { token: "admin", body: { paused: true } })).status,
    ).toBe(200);
    const due = await schedule({
      jobDefinitionId: "reports/queued",
      parameters: { day: "a" },
      runAt: "2026-03-02T08:00:00.000Z",
    });
    const later = await schedule({ jobDefinitionId: "reports/queued", parameters: { day: "b" } });
    const daily = await schedule({ jobDefinitionId: "reports/daily", parameters: { day: "c" } });
    expect((await t.request("DELETE", `/resources/jobs/${later.jobId}`, { token: "ops" })).status).toBe(204);
    const ids = async (query: string) => (await list(`${query}&limit=100`)).jobs.map((x: { jobId: string }) => x.jobId);

    expect(await ids("?queue=slow-lane")).toEqual([later.jobId, due.jobId]);
    expect(await ids("?queue=default")).toContain(daily.jobId);
    expect(await ids("?queue=default")).not.toContain(due.jobId);
    expect(await ids("?queue=slow-lane&runAtBefore=2026-03-02T08:00:00.001Z")).toEqual([due.jobId]);
    expect(await ids("?queue=slow-lane&runAtBefore=2026-03-02T08:00:00Z")).toEqual([]);
    expect(await ids("?queue=slow-lane&runAtBefore=2026-03-02T10:00:00%2B01:00")).toEqual([due.jobId]);
    expect(await ids("?queue=slow-lane&finishedAfter=2026-03-02T08:59:59.999Z")).toEqual([later.jobId]);
    expect(await ids("?queue=slow-lane&finishedAfter=2026-03-02T09:00:00.000Z")).toEqual([]);
    expect((await list("?queue=slow-lane&status=cancelled&finishedAfter=2026-03-02T08:00:00Z")).totalCount).toBe(1);
    expect((await list("?queue=slow-lane&status=pending&runAtBefore=2026-03-02T09:00:00Z")).totalCount).toBe(1);
    // A deleted definition's jobs wait in default, where a worker finds them.
    expect((await t.request("DELETE", "/resources/job-definitions/reports/queued", { token: "ops" })).status).toBe(204);
    expect(await ids("?queue=default")).toContain(due.jobId);
    expect(await ids("?queue=slow-lane")).toEqual([]);

    for (const [query, path] of [
      ["?queue=a%20b", "queue"],
      ["?runAtBefore=yesterday", "runAtBefore"],
      ["?finishedAfter=2026-03-02", "finishedAfter"],
    ]) {
      const r = await t.request("GET", `/resources/jobs${query}`, { token: "ops" });
      expect(r.status, query).toBe(400);
      expect((await j(r)).error.details.map((d: { path: string }) => d.path)).toEqual([path]);
    }
  });

  it("pages with cursors", async () => {
    const first = await list("?limit=2");
    const second = await list(`?limit=2&after=${encodeURIComponent(first.lastCursor)}`);
    expect(second.jobs[0].jobId).not.toBe(first.jobs[1].jobId);
    expect(new Date(second.jobs[0].createdAt) <= new Date(first.jobs[1].createdAt)).toBe(true);
  });
});

describe("DELETE /resources/jobs/{id}", () => {
  it("cancels a pending job (204); it is then cancelled, and a second DELETE is 409", async () => {
    const job = await schedule({ jobDefinitionId: "reports/daily", parameters: { day: "x" } });
    expect((await t.request("DELETE", `/resources/jobs/${job.jobId}`, { token: "jobsReader" })).status).toBe(403);
    expect((await t.request("DELETE", `/resources/jobs/${job.jobId}`, { token: "ops" })).status).toBe(204);
    expect(await j(await get(job.jobId))).toMatchObject({ status: "cancelled", finishedAt: clock.now().toISOString() });
    const again = await t.request("DELETE", `/resources/jobs/${job.jobId}`, { token: "ops" });
    expect(again.status).toBe(409);
    expect((await j(again)).error.code).toBe("INVALID_STATE");
    expect(
      (await t.request("DELETE", "/resources/jobs/0190a000-0000-7000-8000-0000000000ff", { token: "ops" })).status,
    ).toBe(404);
  });
});
