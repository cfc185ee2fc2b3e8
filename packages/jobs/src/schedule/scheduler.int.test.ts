import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobServiceKey } from "../run/job-service.ts";
import { createScheduler } from "./scheduler.ts";
import type { Scheduler } from "./scheduler.ts";

const clock = fixedClock("2026-03-02T09:02:00.000Z");
let t: TestPlatform;
let scheduler: Scheduler;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = (r: Response): Promise<any> => r.json();
/** Definitions in the "held" queue, which no worker here serves: their jobs stay pending. */
const define = async (id: string, body: Record<string, unknown>) => {
  const r = await t.request("PUT", `/resources/job-definitions/${id}`, {
    token: "admin",
    body: { componentId: "work/noop", queue: "held", ...body },
  });
  expect(r.status, await r.clone().text()).toBeLessThan(300);
};
const patch = async (id: string, body: Record<string, unknown>) =>
  expect((await t.request("PATCH", `/resources/job-definitions/${id}`, { token: "admin", body })).status).toBe(200);
const jobsOf = async (
  id: string,
): Promise<{ jobId: string; runAt: string; trigger: string; parameters: unknown; status: string }[]> =>
  (
    await j(
      await t.request("GET", `/resources/jobs?jobDefinitionId=${encodeURIComponent(id)}&limit=100`, { token: "admin" }),
    )
  ).jobs;
const runAts = async (id: string) => (await jobsOf(id)).map((x) => x.runAt).sort();
const at = (iso: string) => clock.set(iso);
const passAt = async (iso: string) => {
  at(iso);
  return (await scheduler.pass()).filter((o) => !o.definitionId.startsWith("x/"));
};

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_QUEUES: "default" }, { scheduler: false });
  await install(t, appBody("work", { noop: componentSource("return null;") }));
  scheduler = createScheduler(t.platform, clock, t.platform.ports.get(jobServiceKey));
});
afterAll(() => t?.close());

describe("the scheduler", () => {
  it("schedules a definition from when it first sees it: one job per occurrence, trigger schedule", async () => {
    at("2026-03-02T09:02:00.000Z");
    await define("s/five", { schedules: [{ cron: "*/5 * * * *" }] });
    await scheduler.pass();
    await passAt("2026-03-02T09:04:59.999Z");
    expect(await jobsOf("s/five")).toEqual([]);
    expect(await passAt("2026-03-02T09:05:00.000Z")).toEqual([
      { definitionId: "s/five", occurrence: "2026-03-02T09:05:00.000Z", outcome: "created" },
    ]);
    expect(await passAt("2026-03-02T09:05:30.000Z")).toEqual([]);
    const [job] = await jobsOf("s/five");
    expect(job).toMatchObject({
      runAt: "2026-03-02T09:05:00.000Z",
      trigger: "schedule",
      parameters: {},
      status: "pending",
    });
  });

  it("makes one job per occurrence however many schedulers run the same pass", async () => {
    await define("s/race", { schedules: [{ cron: "*/5 * * * *" }], scheduleConcurrency: "allow" });
    await scheduler.pass();
    const others = [0, 1, 2].map(() => createScheduler(t.platform, clock, t.platform.ports.get(jobServiceKey)));
    at("2026-03-02T09:10:00.000Z");
    const outcomes = (await Promise.all([scheduler, ...others].map((s) => s.pass())))
      .flat()
      .filter((o) => o.definitionId === "s/race");
    expect(outcomes.filter((o) => o.outcome === "created")).toHaveLength(1);
    expect(await runAts("s/race")).toEqual(["2026-03-02T09:10:00.000Z"]);
  });

  it("collapses schedules that meet at one instant into one job", async () => {
    at("2026-03-02T08:30:00.000Z");
    // 09:00 UTC and 10:00 in Stockholm (UTC+1 in March) are the same instant.
    await define("s/overlap", {
      schedules: [{ cron: "0 9 * * *" }, { cron: "0 10 * * *", timeZone: "Europe/Stockholm" }],
    });
    await scheduler.pass();
    await passAt("2026-03-02T09:00:00.000Z");
    expect(await runAts("s/overlap")).toEqual(["2026-03-02T09:00:00.000Z"]);
  });

  it("forbid skips an occurrence while a previous job is outstanding; allow makes it", async () => {
    at("2026-03-02T09:11:00.000Z");
    await define("s/forbid", { schedules: [{ cron: "*/5 * * * *" }] });
    await define("s/allow", { schedules: [{ cron: "*/5 * * * *" }], scheduleConcurrency: "allow" });
    await scheduler.pass();
    await passAt("2026-03-02T09:15:00.000Z");
    const outcomes = await passAt("2026-03-02T09:20:00.000Z");
    expect(outcomes.filter((o) => o.definitionId === "s/forbid")).toEqual([
      { definitionId: "s/forbid", occurrence: "2026-03-02T09:20:00.000Z", outcome: "forbidden" },
    ]);
    expect(await runAts("s/forbid")).toEqual(["2026-03-02T09:15:00.000Z"]);
    expect(await runAts("s/allow")).toEqual(["2026-03-02T09:15:00.000Z", "2026-03-02T09:20:00.000Z"]);
    // Once the outstanding job is gone, the next occurrence runs.
    const [pending] = await jobsOf("s/forbid");
    expect((await t.request("DELETE", `/resources/jobs/${pending!.jobId}`, { token: "admin" })).status).toBe(204);
    await passAt("2026-03-02T09:25:00.000Z");
    expect(await runAts("s/forbid")).toEqual(["2026-03-02T09:15:00.000Z", "2026-03-02T09:25:00.000Z"]);
  });

  it("after downtime makes only the most recent missed occurrence, never a backfill", async () => {
    at("2026-03-02T09:26:00.000Z");
    await define("s/minutely", { schedules: [{ cron: "* * * * *" }], scheduleConcurrency: "allow" });
    await scheduler.pass();
    await passAt("2026-03-02T10:07:30.000Z");
    expect(await runAts("s/minutely")).toEqual(["2026-03-02T10:07:00.000Z"]);
  });

  it("with a starting deadline, makes the most recent missed occurrence only inside it", async () => {
    at("2026-03-02T10:08:00.000Z");
    await define("s/deadline", {
      schedules: [{ cron: "0 * * * *" }],
      scheduleStartingDeadlineSeconds: 60,
      scheduleConcurrency: "allow",
    });
    await scheduler.pass();
    // Down from 10:08 to 12:00:30: 11:00 and 12:00 were missed; 12:00 is 30 s old, inside 60 s.
    await passAt("2026-03-02T12:00:30.000Z");
    expect(await runAts("s/deadline")).toEqual(["2026-03-02T12:00:00.000Z"]);
    // Down again until 14:02: 14:00 is 120 s old, past the deadline: nothing.
    const outcomes = await passAt("2026-03-02T14:02:00.000Z");
    expect(outcomes.filter((o) => o.definitionId === "s/deadline")).toEqual([
      { definitionId: "s/deadline", occurrence: "2026-03-02T14:00:00.000Z", outcome: "past-deadline" },
    ]);
    expect(await runAts("s/deadline")).toEqual(["2026-03-02T12:00:00.000Z"]);
  });

  it("pauses a suspended schedule, and resumes at the next occurrence without catching up", async () => {
    at("2026-03-02T14:03:00.000Z");
    await define("s/pause", { schedules: [{ cron: "*/10 * * * *" }], scheduleConcurrency: "allow" });
    await scheduler.pass();
    await patch("s/pause", { scheduleSuspended: true });
    await passAt("2026-03-02T14:10:00.000Z");
    await passAt("2026-03-02T14:20:00.000Z");
    expect(await runAts("s/pause")).toEqual([]);
    at("2026-03-02T14:25:00.000Z");
    await patch("s/pause", { scheduleSuspended: false });
    await passAt("2026-03-02T14:25:00.000Z");
    expect(await runAts("s/pause")).toEqual([]);
    await passAt("2026-03-02T14:30:00.000Z");
    expect(await runAts("s/pause")).toEqual(["2026-03-02T14:30:00.000Z"]);
  });

  it("takes an edit at its next occurrence", async () => {
    at("2026-03-02T14:31:00.000Z");
    await define("s/edit", { schedules: [{ cron: "0 * * * *" }], scheduleConcurrency: "allow" });
    await scheduler.pass();
    await passAt("2026-03-02T14:35:00.000Z");
    await patch("s/edit", { schedules: [{ cron: "*/10 * * * *" }] });
    await passAt("2026-03-02T14:40:00.000Z");
    expect(await runAts("s/edit")).toEqual(["2026-03-02T14:40:00.000Z"]);
  });

  it("starts afresh when schedules come back to a definition that had none for a while", async () => {
    at("2026-03-02T16:31:00.000Z");
    await define("s/back", { schedules: [{ cron: "0 * * * *" }], scheduleConcurrency: "allow" });
    await scheduler.pass();
    await patch("s/back", { schedules: [] });
    await passAt("2026-03-02T16:40:00.000Z");
    at("2026-03-02T17:31:00.000Z");
    await patch("s/back", { schedules: [{ cron: "0 * * * *" }] });
    await passAt("2026-03-02T17:32:00.000Z");
    expect(await runAts("s/back")).toEqual([]);
    await passAt("2026-03-02T18:00:00.000Z");
    expect(await runAts("s/back")).toEqual(["2026-03-02T18:00:00.000Z"]);
  });

  it("forgets a deleted definition: made again, it starts afresh", async () => {
    at("2026-03-02T14:41:00.000Z");
    await define("s/again", { schedules: [{ cron: "0 * * * *" }] });
    await scheduler.pass();
    expect((await t.request("DELETE", "/resources/job-definitions/s/again", { token: "admin" })).status).toBe(204);
    await passAt("2026-03-02T14:42:00.000Z");
    at("2026-03-02T16:30:00.000Z");
    await define("s/again", { schedules: [{ cron: "0 * * * *" }] });
    await scheduler.pass();
    expect(await runAts("s/again")).toEqual([]);
  });
  it(
    "looks only at definitions that may be due: a far one's progress is not rewritten each " +
      "pass, and it still fires on time",
    async () => {
      at("2026-06-02T09:02:00.000Z");
      await define("s/daily", { schedules: [{ cron: "0 12 * * *" }] });
      await scheduler.pass();
      const progress = async () =>
        (
          await t.platform.db.pool.query<{ scanned_to: Date }>(
            "SELECT scanned_to FROM jobs_schedules WHERE definition_id = 's/daily'",
          )
        ).rows.map((r) => new Date(r.scanned_to).toISOString());
      const first = await progress();
      expect(first).toHaveLength(1);
      for (const time of ["2026-06-02T10:00:00.000Z", "2026-06-02T11:00:00.000Z", "2026-06-02T11:59:59.999Z"])
        await passAt(time);
      expect(await progress()).toEqual(first);
      expect((await passAt("2026-06-02T12:00:30.000Z")).filter((o) => o.definitionId === "s/daily")).toEqual([
        { definitionId: "s/daily", occurrence: "2026-06-02T12:00:00.000Z", outcome: "created" },
      ]);
      expect(await progress()).toEqual(["2026-06-02T12:00:30.000Z"]);
      expect((await passAt("2026-06-02T12:01:00.000Z")).filter((o) => o.definitionId === "s/daily")).toEqual([]);
      expect(await runAts("s/daily")).toEqual(["2026-06-02T12:00:00.000Z"]);
    },
  );
});
