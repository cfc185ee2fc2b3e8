import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { orderBody } from "@platform/orders/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobsClient, json } from "../testing/jobs-client.ts";

// The clock stands still but for the steps each test takes: a retry is due only when the test moves it there.
const clock = fixedClock("2026-03-02T09:00:00.000Z");
let t: TestPlatform;
const components = {
  boom: componentSource('throw new Error("boom at " + params.n);', "{ n: { type: 'number' } }"),
  wait: componentSource("while (true) {}", "{}"),
  // Fails until the order it cancels exists: a dependency that comes back.
  cancel: componentSource(
    'const r = await ctx.messageActor("order", params.orderId, [{ type: "applyCommands", body: ' +
      '{ commands: [{ type: "cancelOrder" }] } }]); return r.results[0].ok;',
    "{ orderId: { type: 'text' } }",
  ),
};

const { putDefinition, schedule: post, job: get } = jobsClient(() => t);
const j = json;
/** Waits until the job has failed `n` attempts in all. */
const failedAttempts = (id: string, n: number) =>
  expect.poll(async () => (await get(id)).errors.length, { timeout: 15_000, interval: 20 }).toBe(n);
const journal = async (id: string) => (await t.platform.store.readStream(`job-${id}`)).map((e) => e.type);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20", SANDBOX_TIMEOUT_MS: "200" });
  await install(t, appBody("work", components));
  await putDefinition("flaky", {
    componentId: "work/boom",
    retry: { maxAttempts: 3, backoffSeconds: 10, maxBackoffSeconds: 15 },
  });
  await putDefinition("once", { componentId: "work/boom" });
  await putDefinition("slow", { componentId: "work/wait", retry: { maxAttempts: 2, backoffSeconds: 0 } });
  await putDefinition("until", {
    componentId: "work/cancel",
    acl: ["actors/order:*"],
    retry: { maxAttempts: 5, backoffSeconds: 60 },
  });
});
afterAll(() => t?.close());

describe("a failed attempt is tried again while the definition's retry allows", () => {
  it(
    "goes back to pending with the attempt incremented, due after the backoff, until the last " + "attempt fails it",
    async () => {
      const id = await post({ jobDefinitionId: "flaky", parameters: { n: 1 } });
      await failedAttempts(id, 1);
      const first = await get(id);
      const t1 = clock.now().toISOString();
      expect(first).toMatchObject({
        status: "pending",
        attempt: 2,
        error: null,
        result: null,
        errors: [{ attempt: 1, failedAt: t1, message: expect.stringMatching(/^COMPONENT_FAILED: .*boom at 1/) }],
      });
      expect(seconds(t1, first.runAt)).toBeGreaterThanOrEqual(9);
      expect(seconds(t1, first.runAt)).toBeLessThanOrEqual(11);

      // Not due yet: nothing runs while the clock stands before runAt.
      await new Promise((r) => setTimeout(r, 200));
      expect((await get(id)).errors).toHaveLength(1);

      clock.set(first.runAt);
      await failedAttempts(id, 2);
      const second = await get(id);
      expect(second).toMatchObject({ status: "pending", attempt: 3, startedAt: first.runAt });
      // Each attempt is a run of its own.
      expect([first.runId, second.runId]).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
      expect(second.runId).not.toBe(first.runId);
      // min(10 · 2, 15) = 15 s, ± 10 %.
      expect(seconds(first.runAt, second.runAt)).toBeGreaterThanOrEqual(13.5);
      expect(seconds(first.runAt, second.runAt)).toBeLessThanOrEqual(16.5);

      clock.set(second.runAt);
      await failedAttempts(id, 3);
      const last = await get(id);
      expect(last).toMatchObject({
        status: "failed",
        attempt: 3,
        finishedAt: second.runAt,
        error: last.errors[2].message,
      });
      expect(last.errors.map((e: { attempt: number }) => e.attempt)).toEqual([1, 2, 3]);
      expect(await journal(id)).toEqual([
        "JobScheduled",
        "JobStarted",
        "JobAttemptFailed",
        "JobStarted",
        "JobAttemptFailed",
        "JobStarted",
        "JobFailed",
      ]);
    },
  );

  it("retries a run that timed out", async () => {
    const id = await post({ jobDefinitionId: "slow", parameters: {} });
    await failedAttempts(id, 2);
    const job = await get(id);
    expect(job).toMatchObject({ status: "failed", attempt: 2 });
    expect(job.errors.map((e: { message: string }) => e.message)).toEqual([
      expect.stringMatching(/^COMPONENT_TIMEOUT/),
      expect.stringMatching(/^COMPONENT_TIMEOUT/),
    ]);
  });

  it("succeeds on a later attempt, and the job shows the attempts that failed before", async () => {
    const orderId = randomUUID();
    const id = await post({ jobDefinitionId: "until", parameters: { orderId } });
    await failedAttempts(id, 1);
    clock.set((await get(id)).runAt);
    await failedAttempts(id, 2);
    const created = await t.request("POST", `/resources/actors/order/${orderId}`, {
      token: "admin",
      body: [{ type: "create", body: orderBody("RETRY-1") }],
    });
    expect(created.status, await created.clone().text()).toBe(200);
    clock.set((await get(id)).runAt);
    await expect.poll(async () => (await get(id)).status, { timeout: 15_000, interval: 20 }).toBe("succeeded");
    expect(await get(id)).toMatchObject({
      attempt: 3,
      result: true,
      error: null,
      errors: [{ attempt: 1 }, { attempt: 2 }],
    });
  });

  it("fails at once without a retry, and never retries what a second run cannot mend", async () => {
    const once = await post({ jobDefinitionId: "once", parameters: { n: 2 } });
    await failedAttempts(once, 1);
    expect(await get(once)).toMatchObject({ status: "failed", attempt: 1 });
    await putDefinition("flaky/gone", { componentId: "work/boom", retry: { maxAttempts: 5 } });
    const orphan = await post({ jobDefinitionId: "flaky/gone", parameters: { n: 4 } });
    await failedAttempts(orphan, 1);
    const ran = (await get(orphan)).runId;
    expect(ran).toMatch(UUID);
    expect((await t.request("DELETE", "/resources/job-definitions/flaky/gone", { token: "admin" })).status).toBe(204);
    clock.set((await get(orphan)).runAt);
    await failedAttempts(orphan, 2);
    expect(await get(orphan)).toMatchObject({
      status: "failed",
      attempt: 2,
      error: expect.stringMatching(/^DEFINITION_DELETED/),
      // Its second attempt ran no component: the job still names its latest run.
      runId: ran,
    });
  });

  it("records a failed attempt's run under the job's runId, readable as its app's run", async () => {
    const id = await post({ jobDefinitionId: "once", parameters: { n: 7 } });
    await failedAttempts(id, 1);
    const { runId } = await get(id);
    expect(runId).toMatch(UUID);
    const record = await j(await t.request("GET", `/resources/apps/work/runs/${runId}`, { token: "admin" }));
    expect(record).toMatchObject({
      runId,
      componentId: "boom",
      trigger: "job",
      jobId: id,
      ingressId: null,
      outcome: "error",
      errorMessage: "Error: boom at 7",
      input: { params: { n: 7 }, request: null },
      calls: [],
    });
  });

  it("never retries a job cancelled while it waits for its next attempt", async () => {
    const id = await post({ jobDefinitionId: "flaky", parameters: { n: 3 } });
    await failedAttempts(id, 1);
    const waiting = await get(id);
    expect((await t.request("DELETE", `/resources/jobs/${id}`, { token: "admin" })).status).toBe(204);
    clock.set(new Date(Date.parse(waiting.runAt) + 60_000));
    await new Promise((r) => setTimeout(r, 300));
    expect(await get(id)).toMatchObject({ status: "cancelled", attempt: 2, errors: [{ attempt: 1 }] });
    expect(await journal(id)).toEqual(["JobScheduled", "JobStarted", "JobAttemptFailed", "JobCancelled"]);
  });

  it("counts each attempt's outcome in the statistics, and a rebuild gives the same rows", async () => {
    const stats = async () => {
      const buckets = (await j(
        await t.request("GET", "/resources/jobs/statistics?from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z", {
          token: "admin",
        }),
      )) as Record<string, number | string>[];
      const sum = (def: string, k: "scheduled" | "successful" | "failed") =>
        buckets.filter((b) => b.jobDefinitionId === def).reduce((n, b) => n + (b[k] as number), 0);
      return {
        flakyFailed: sum("flaky", "failed"),
        flakyScheduled: sum("flaky", "scheduled"),
        untilFailed: sum("until", "failed"),
        untilOk: sum("until", "successful"),
      };
    };
    // One waits for its second attempt: back in the queue, unclaimed, due when the job says.
    const waiting = await post({ jobDefinitionId: "flaky", parameters: { n: 5 } });
    await failedAttempts(waiting, 1);
    // flaky: 3 attempts of the first job, 1 of the cancelled one, 1 of the waiting one.
    expect(await stats()).toEqual({ flakyFailed: 5, flakyScheduled: 3, untilFailed: 2, untilOk: 1 });
    const rows = () => t.platform.db.kysely.selectFrom("jobs_jobs").selectAll().orderBy("job_id").execute();
    const queue = () =>
      t.platform.db.kysely
        .selectFrom("jobs_queue")
        .select(["job_id", "due_at", "claimed_by", "lease_until"])
        .orderBy("job_id")
        .execute();
    expect(await queue()).toEqual([
      { job_id: waiting, due_at: new Date((await get(waiting)).runAt), claimed_by: null, lease_until: null },
    ]);
    const before = { rows: await rows(), queue: await queue(), stats: await stats() };
    await t.platform.followers.stop();
    try {
      expect(await t.platform.followers.rebuild("jobs")).toBeGreaterThan(0);
    } finally {
      t.platform.followers.start();
    }
    expect({ rows: await rows(), queue: await queue(), stats: await stats() }).toEqual(before);
  });
});
