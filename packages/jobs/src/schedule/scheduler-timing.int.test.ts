import { afterAll, beforeAll, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobServiceKey } from "../run/job-service.ts";
import { createScheduler } from "./scheduler.ts";

let t: TestPlatform;

beforeAll(async () => {
  t = await jobsTestPlatform(fixedClock("2026-03-02T09:00:00.000Z"), { JOBS_QUEUES: "default" }, { scheduler: false });
  await install(t, appBody("work", { noop: componentSource("return null;") }));
});
afterAll(() => t?.close());

it("passes at a definition's next occurrence itself, not at the next interval", { timeout: 40_000 }, async () => {
  // In the "held" queue, which no worker here serves: the job stays as the scheduler made it.
  const put = await t.request("PUT", "/resources/job-definitions/s/prompt", {
    token: "admin",
    body: { componentId: "work/noop", queue: "held", schedules: [{ cron: "0 10 * * *" }] },
  });
  expect(put.status, await put.clone().text()).toBe(201);
  // A clock that runs, 3 s before 10:00 when the scheduler starts (its first pass sees the
  // definition before the occurrence, however busy the machine); its interval is ten minutes,
  // so only a pass at the occurrence itself makes the job within the wait below.
  const epoch = Date.now();
  const live: Clock = { now: () => new Date(Date.parse("2026-03-02T09:59:57.000Z") + (Date.now() - epoch)) };
  const scheduler = createScheduler(t.platform, live, t.platform.ports.get(jobServiceKey), { intervalMs: 600_000 });
  scheduler.start();
  try {
    const runAts = async () =>
      (
        (await (await t.request("GET", "/resources/jobs?jobDefinitionId=s/prompt", { token: "admin" })).json()) as {
          jobs: { runAt: string }[];
        }
      ).jobs.map((j) => j.runAt);
    await expect.poll(runAts, { timeout: 30_000, interval: 50 }).toEqual(["2026-03-02T10:00:00.000Z"]);
  } finally {
    await scheduler.stop();
  }
});
