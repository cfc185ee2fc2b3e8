import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { claimDue } from "../run/claims.ts";
import { workerInitiator } from "../run/run-job.ts";
import { pruneBuckets, sampleQueueDepth } from "./queue-depth.ts";

// Jobs of `stats/parked` are in a queue no worker here serves: they stay due, or are run by hand with chosen times.
const clock = fixedClock("2026-03-02T09:00:30.000Z");
let t: TestPlatform;
const components = {
  echo: componentSource("return params.n;", "{ n: { type: 'number' }, channelKey: { type: ['text', 'nothing'] } }"),
  boom: componentSource('throw new Error("boom");', "{ n: { type: 'number' } }"),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = (r: Response): Promise<any> => r.json();
const post = async (body: Record<string, unknown>) => {
  const r = await t.request("POST", "/resources/jobs", { token: "admin", body });
  expect(r.status, await r.clone().text()).toBe(201);
  return (await j(r)).jobId as string;
};
/** Waits for the worker to finish the job (in beforeAll, where expect.poll is not allowed). */
const finished = async (id: string) => {
  for (let tries = 0; tries < 500; tries++) {
    if (/succeeded|failed/.test((await j(await t.request("GET", `/resources/jobs/${id}`, { token: "admin" }))).status))
      return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`job ${id} did not finish`);
};
const statistics = async (query = "", token = "admin") => {
  const r = await t.request("GET", `/resources/jobs/statistics${query}`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return j(r);
};
const run = (id: string, commands: Record<string, unknown>[]) =>
  t.platform.runtime.execute("job", id, commands as never, workerInitiator(id));

type Counts = {
  scheduled: number;
  successful: number;
  failed: number;
  minExecution: number | null;
  maxExecution: number | null;
  avgExecution: number | null;
  cacheQueueDepth: number;
  totalQueueDepth: number;
};
const empty: Counts = {
  scheduled: 0,
  successful: 0,
  failed: 0,
  minExecution: null,
  maxExecution: null,
  avgExecution: null,
  cacheQueueDepth: 0,
  totalQueueDepth: 0,
};
const bucket = (jobDefinitionId: string, bucketTime: string, counts: Partial<Counts>) => ({
  jobDefinitionId,
  bucketTime,
  ...empty,
  ...counts,
});

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20", JOBS_QUEUES: "default" });
  await install(t, appBody("stats", components));
  for (const [id, body] of [
    ["reports/daily", { componentId: "stats/echo" }],
    ["stats/echo", { componentId: "stats/echo" }],
    ["stats/boom", { componentId: "stats/boom" }],
    ["stats/parked", { componentId: "stats/echo", queue: "parked" }],
  ] as const)
    expect((await t.request("PUT", `/resources/job-definitions/${id}`, { token: "admin", body })).status).toBe(201);

  // 09:00: one run succeeds, one fails (a fixed clock: both ran in 0 ms).
  await finished(await post({ jobDefinitionId: "stats/echo", parameters: { n: 1 } }));
  await finished(await post({ jobDefinitionId: "stats/boom", parameters: { n: 1 } }));
  // 09:01: one more success, with a channelKey; three parked jobs, one claimed by a worker that has not started it.
  clock.set("2026-03-02T09:01:10.000Z");
  await finished(await post({ jobDefinitionId: "stats/echo", parameters: { n: 2, channelKey: "web" } }));
  const parked = [
    await post({ jobDefinitionId: "stats/parked", parameters: { n: 1 } }),
    await post({ jobDefinitionId: "stats/parked", parameters: { n: 2 } }),
  ];
  await post({ jobDefinitionId: "stats/parked", parameters: { n: 3 }, runAt: "2026-03-02T10:00:00.000Z" });
  expect(
    await claimDue(t.platform.db, {
      owner: "elsewhere",
      now: clock.now(),
      leaseMs: 60_000,
      limit: 1,
      queues: ["parked"],
    }),
  ).toHaveLength(1);
  await sampleQueueDepth(t.platform.db, clock.now());
  // Two runs across the minute boundary, times chosen: started 09:01:50 and 09:01:55, finished in 09:02.
  await run(parked[0]!, [{ type: "start", attempt: 1, at: "2026-03-02T09:01:50.000Z" }]);
  await run(parked[1]!, [{ type: "start", attempt: 1, at: "2026-03-02T09:01:55.000Z" }]);
  await run(parked[0]!, [{ type: "succeed", attempt: 1, result: 1, at: "2026-03-02T09:02:05.500Z" }]);
  await run(parked[1]!, [{ type: "fail", attempt: 1, error: "no", at: "2026-03-02T09:02:01.000Z" }]);
  clock.set("2026-03-02T09:02:30.000Z");
}, 60_000);
afterAll(() => t?.close());

const ALL = [
  bucket("stats/boom", "2026-03-02T09:00:00.000Z", {
    scheduled: 1,
    failed: 1,
    minExecution: 0,
    maxExecution: 0,
    avgExecution: 0,
  }),
  bucket("stats/echo", "2026-03-02T09:00:00.000Z", {
    scheduled: 1,
    successful: 1,
    minExecution: 0,
    maxExecution: 0,
    avgExecution: 0,
  }),
  bucket("stats/echo", "2026-03-02T09:01:00.000Z", {
    scheduled: 1,
    successful: 1,
    minExecution: 0,
    maxExecution: 0,
    avgExecution: 0,
  }),
  bucket("stats/parked", "2026-03-02T09:01:00.000Z", { scheduled: 3, cacheQueueDepth: 1, totalQueueDepth: 2 }),
  bucket("stats/parked", "2026-03-02T09:02:00.000Z", {
    successful: 1,
    failed: 1,
    minExecution: 6000,
    maxExecution: 15_500,
    avgExecution: 10_750,
  }),
];

describe("GET /resources/jobs/statistics", () => {
  it("gives a bucket per minute per definition: counts, run times and sampled queue depths, oldest first", async () => {
    expect(await statistics()).toEqual(ALL);
  });

  it("narrows by jobDefinitionId, from and to (the bucket holding `from` included)", async () => {
    expect(await statistics("?jobDefinitionId=stats/echo")).toEqual(ALL.slice(1, 3));
    expect(await statistics("?from=2026-03-02T09:01:30%2B00:00&to=2026-03-02T09:01:59Z")).toEqual(ALL.slice(2, 4));
    expect(await statistics("?to=2026-03-02T09:00:00Z")).toEqual(ALL.slice(0, 2));
  });

  it("defaults to the last 24 hours", async () => {
    clock.set("2026-03-03T09:01:30.000Z");
    try {
      expect(await statistics()).toEqual(ALL.slice(2));
    } finally {
      clock.set("2026-03-02T09:02:30.000Z");
    }
  });

  it(
    "shows only the definitions whose jobs the caller may read, and within its channelKeys only " + "those jobs",
    async () => {
      expect(await statistics("", "jobsReader")).toEqual(ALL);
      expect(await statistics("", "daily")).toEqual([]);
      expect(await statistics("", "web")).toEqual([
        bucket("stats/echo", "2026-03-02T09:01:00.000Z", {
          scheduled: 1,
          successful: 1,
          minExecution: 0,
          maxExecution: 0,
          avgExecution: 0,
        }),
      ]);
      const r = await t.request("GET", "/resources/jobs/statistics?jobDefinitionId=stats/echo", { token: "daily" });
      expect(r.status).toBe(403);
      expect((await j(r)).error.code).toBe("FORBIDDEN");
      for (const token of ["nobody", "reader"])
        expect((await t.request("GET", "/resources/jobs/statistics", { token })).status).toBe(403);
      expect((await t.request("GET", "/resources/jobs/statistics")).status).toBe(401);
    },
  );

  it("refuses a bad from or to (no time zone, no such day), and from after to (400 naming the field)", async () => {
    for (const [query, path] of [
      ["?from=yesterday", "from"],
      ["?to=2026-13-01T00:00:00Z", "to"],
      ["?from=2026-03-02T10:00:00Z&to=2026-03-02T09:00:00Z", "from"],
      ["?from=2026-03-02T09:00:00", "from"],
    ] as const) {
      const r = await t.request("GET", `/resources/jobs/statistics${query}`, { token: "admin" });
      expect(r.status, query).toBe(400);
      const { error } = await j(r);
      expect([error.code, error.details[0].path]).toEqual(["VALIDATION_FAILED", path]);
    }
  });

  it(
    "is rebuilt with the jobs' read model from the log (one batch folds every job's events), to " +
      "the rows the appends wrote inline",
    async () => {
      // A cancelled job and one that ran and expired, of a definition of their own.
      expect(
        (
          await t.request("PUT", "/resources/job-definitions/stats/more", {
            token: "admin",
            body: { componentId: "stats/echo", queue: "parked" },
          })
        ).status,
      ).toBe(201);
      const [cancelled, expired] = [
        await post({ jobDefinitionId: "stats/more", parameters: { n: 1 } }),
        await post({ jobDefinitionId: "stats/more", parameters: { n: 2 } }),
      ];
      expect((await t.request("DELETE", `/resources/jobs/${cancelled}`, { token: "admin" })).status).toBe(204);
      await run(expired, [{ type: "start", attempt: 1, at: "2026-03-02T09:02:31.000Z" }]);
      await run(expired, [{ type: "succeed", attempt: 1, result: null, at: "2026-03-02T09:02:32.250Z" }]);
      await run(expired, [{ type: "expire", at: "2026-03-02T09:02:33.000Z" }]);
      // Twelve more, each step appended together (group commits, their rows written set-wise): four fail, eight
      // succeed, in 1,000–2,100 ms.
      const together = await Promise.all(
        Array.from({ length: 12 }, (_, i) => post({ jobDefinitionId: "stats/more", parameters: { n: 10 + i } })),
      );
      await Promise.all(together.map((id) => run(id, [{ type: "start", attempt: 1, at: "2026-03-02T09:02:40.000Z" }])));
      await Promise.all(
        together.map((id, i) => {
          const at = new Date(Date.parse("2026-03-02T09:02:41.000Z") + i * 100).toISOString();
          return run(id, [
            i % 3 === 0
              ? { type: "fail", attempt: 1, error: "no", at }
              : { type: "succeed", attempt: 1, result: i, at },
          ]);
        }),
      );
      const jobs = () => t.platform.db.kysely.selectFrom("jobs_jobs").selectAll().orderBy("job_id").execute();
      const queue = () =>
        t.platform.db.kysely
          .selectFrom("jobs_queue")
          .select(["job_id", "definition_id", "due_at"])
          .orderBy("job_id")
          .execute();
      const buckets = () =>
        t.platform.db.kysely
          .selectFrom("jobs_statistics")
          .selectAll()
          .orderBy(["definition_id", "bucket_time", "channel_key"])
          .execute();
      const [jobsBefore, queueBefore, bucketsBefore] = [await jobs(), await queue(), await buckets()];
      expect(jobsBefore.find((r) => r.job_id === cancelled)).toMatchObject({
        status: "cancelled",
        finished_at: expect.any(Date),
      });
      expect(jobsBefore.find((r) => r.job_id === expired)).toBeUndefined();
      expect(bucketsBefore.filter((r) => r.definition_id === "stats/more")).toEqual([
        expect.objectContaining({
          bucket_time: new Date("2026-03-02T09:02:00.000Z"),
          scheduled: 14,
          successful: 9,
          failed: 4,
          timed: 13,
          min_execution: 1000,
          max_execution: 2100,
        }),
      ]);
      expect(Number(bucketsBefore.find((r) => r.definition_id === "stats/more")!.total_execution)).toBe(1250 + 18_600);
      await t.platform.followers.stop();
      try {
        expect(await t.platform.followers.rebuild("jobs")).toBeGreaterThan(0);
      } finally {
        t.platform.followers.start();
      }
      expect(
        (await statistics()).filter((b: { jobDefinitionId: string }) => b.jobDefinitionId !== "stats/more"),
      ).toEqual(ALL);
      expect(await jobs()).toEqual(jobsBefore);
      expect(await queue()).toEqual(queueBefore);
      expect(await buckets()).toEqual(bucketsBefore);
      // The tests below count the other definitions' buckets only.
      await t.platform.db.kysely.deleteFrom("jobs_statistics").where("definition_id", "=", "stats/more").execute();
    },
  );

  it("follows the jobs' retention", async () => {
    expect(await pruneBuckets(t.platform.db, new Date("2026-03-03T09:01:00.000Z"), 1)).toBe(2);
    expect(await statistics()).toEqual(ALL.slice(2));
    expect(await pruneBuckets(t.platform.db, new Date("2026-04-01T00:00:00.000Z"), -1)).toBe(0);
  });

  it("a later sample in the same minute replaces the earlier one (the parked jobs have run since)", async () => {
    await sampleQueueDepth(t.platform.db, new Date("2026-03-02T09:01:59.000Z"));
    expect(await statistics("?jobDefinitionId=stats/parked")).toEqual([
      { ...ALL[3], cacheQueueDepth: 0, totalQueueDepth: 0 },
      ALL[4],
    ]);
  });
});
