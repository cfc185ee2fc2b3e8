/**
 * The jobs read model (jobs_jobs, jobs_queue, jobs_statistics) has two writers, and this test proves them equal.
 * - Inline: `jobs_write_rows` (PL/pgSQL, jobs migrations 008, 009, 012), called by es_append_many in the job
 *   append's own transaction with the job's row after the append (jobs-row.ts). It must be SQL: it runs inside
 *   the store's append, in the database, where no TypeScript runs, and it is why a job is listed and queued the
 *   moment its append commits. It sees a state, not events: what changed it tells from the stored row.
 * - Follower: jobsProjection.apply (jobs-projection.ts, TypeScript), which folds a page of the log's events and
 *   writes them set-wise: a rebuild, and every store that cannot write inline (KurrentDB).
 * Neither can be generated from the other (one reads states one append at a time, the other pages of events), so
 * each history is written both ways on a real database and the rows compared column by column: every history of
 * the job decider's spec (job/spec-cases.ts), and jobs made by fast-check from commands the decider accepted, their
 * appends interleaved (some at once, so a group commit writes several jobs' rows in one call), and the log
 * replayed in pages of every size. One event per append, as the job's writers append (one command each).
 */
import fc from "fast-check";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { useTestEventStore } from "@platform/event-store/testing";
import type { RecordedEvent } from "@platform/event-store";
import type { Json } from "@platform/sandbox";
import type { JobCommand } from "../job/commands.ts";
import { decideJob } from "../job/decide.ts";
import type { JobEvent } from "../job/events.ts";
import { jobSpecHistories } from "../job/spec-cases.ts";
import { evolveJob, initialJobState, nextAttempt } from "../job/state.ts";
import type { JobState } from "../job/state.ts";
import { jobsProjection } from "./jobs-projection.ts";
import { jobsMigrations } from "./migrations.ts";

const t = useTestEventStore([{ context: "jobs", migrations: jobsMigrations }]);
const inline = jobsProjection.inline!;

/** One append: a job and the event it gets. */
type Append = { readonly jobId: string; readonly event: JobEvent };

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : typeof v === "bigint" ? Number(v) : v);
const table = async (query: string) =>
  (await t.db.pool.query(query)).rows.map((r) =>
    Object.fromEntries(Object.entries(r as Record<string, unknown>).map(([k, v]) => [k, plain(v)])),
  );
const readModel = async () => ({
  jobs: await table("SELECT * FROM jobs_jobs ORDER BY job_id"),
  queue: await table("SELECT * FROM jobs_queue ORDER BY job_id"),
  statistics: await table("SELECT * FROM jobs_statistics ORDER BY definition_id, bucket_time, channel_key"),
});

let run = 0;
/**
 * Writes `rounds` (each round's appends at once; one job at most once in a round) inline, reads the rows, then
 * empties the tables and replays the same events through the projection in pages of `page` events.
 */
const bothWays = async (rounds: readonly (readonly Append[])[], page: number) => {
  await sql`TRUNCATE jobs_jobs, jobs_queue, jobs_statistics`.execute(t.db.kysely);
  const prefix = `r${++run}-`;
  const states = new Map<string, { state: JobState; version: number }>();
  for (const round of rounds)
    await Promise.all(
      round.map(async ({ jobId, event }) => {
        const before = states.get(jobId) ?? { state: initialJobState(), version: 0 };
        const after = { state: evolveJob(before.state, event), version: before.version + 1 };
        states.set(jobId, after);
        const id = prefix + jobId;
        const arg = inline.arg(id, after.state, after.version, "2026-03-01T00:00:00.000Z");
        await t.store.append(`job-${id}`, [{ type: event.type, data: event.data, metadata: { at: "2026-03-01" } }], {
          expectedVersion: before.version,
          ...(arg === null ? {} : { inline: [{ fn: inline.fn, arg }] }),
        });
      }),
    );
  const inlineRows = await readModel();
  const streams = await t.store.readStreams(
    [...states.keys()].map((j) => ({ streamId: `job-${prefix}${j}`, fromVersion: 1 })),
  );
  const log: RecordedEvent[] = streams.flat().sort((a, b) => (a.position < b.position ? -1 : 1));
  await t.db.kysely.transaction().execute(async (trx) => {
    await jobsProjection.reset(trx);
    for (let i = 0; i < log.length; i += page) await jobsProjection.apply!(trx, log.slice(i, i + page));
  });
  expect(await readModel()).toEqual(inlineRows);
  return inlineRows;
};

describe("the jobs read model, written inline and by the projection", () => {
  it(
    "is the same for every history of the job decider's spec, " + "replayed one event at a time and all at once",
    async () => {
      const histories = jobSpecHistories();
      // Each history its own job, appended one after another, replayed one event a page and all in one.
      const oneByOne = histories.flatMap((h, n) => h.map((event) => [{ jobId: `spec-${n}`, event }]));
      for (const page of [1, 1000]) await bothWays(oneByOne, page);
      // The k-th event of every history appended at once (a group commit writes their rows in one call).
      const longest = Math.max(...histories.map((h) => h.length));
      const atOnce = Array.from({ length: longest }, (_, k) =>
        histories.flatMap((h, n) => (h[k] ? [{ jobId: `spec-${n}`, event: h[k] }] : [])),
      );
      const rows = await bothWays(atOnce, 3);
      expect(rows.jobs.length).toBeGreaterThan(10);
      expect(rows.statistics.length).toBeGreaterThan(0);
    },
  );

  /** A job's commands, as a worker, the API and retention send them; the decider keeps those it accepts. */
  const step = fc.record({
    kind: fc.constantFrom("start", "succeed", "fail", "retry", "cancel", "expire", "lostStart", "startNoRun"),
    seconds: fc.integer({ min: 0, max: 150 }),
    result: fc.jsonValue({ maxDepth: 2 }),
  });
  const jobArb = fc.record({
    definitionId: fc.constantFrom("reports/daily", "mail/send"),
    channelKey: fc.constantFrom<unknown>("web", "shop", undefined, 7),
    seconds: fc.integer({ min: 0, max: 200 }),
    steps: fc.array(step, { maxLength: 8 }),
  });
  type GeneratedJob = typeof jobArb extends fc.Arbitrary<infer J> ? J : never;
  const at = (s: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, 0) + s * 1000).toISOString();

  /** The events the decider made for one generated job, its clock moving forward with each command. */
  const eventsOf = (job: GeneratedJob) => {
    let clock = job.seconds;
    const parameters: Record<string, Json> =
      job.channelKey === undefined ? { n: 1 } : { channelKey: job.channelKey as Json, n: 1 };
    const commands: JobCommand[] = [
      {
        type: "schedule",
        definitionId: job.definitionId,
        parameters,
        runAt: at(clock + 5),
        trigger: "api",
        requester: { attributes: {} },
        at: at(clock),
      },
    ];
    const events: JobEvent[] = [];
    let s = initialJobState();
    const decide = (c: JobCommand) => {
      try {
        for (const e of decideJob(c, s)) {
          events.push(e);
          s = evolveJob(s, e);
        }
      } catch {
        // A command the decider refuses makes no event, as in the service.
      }
    };
    decide(commands[0]!);
    for (const st of job.steps) {
      clock += st.seconds;
      const now = at(clock);
      const attempt = s.status === "running" ? s.attempt : nextAttempt(s);
      // A start names a run, but one whose definition is gone (or recorded before runs had ids).
      const runId = `run-${clock}-${attempt}`;
      if (st.kind === "start" || st.kind === "lostStart") decide({ type: "start", attempt, at: now, runId });
      if (st.kind === "startNoRun") decide({ type: "start", attempt, at: now });
      if (st.kind === "succeed") decide({ type: "succeed", attempt, result: st.result as Json, at: now });
      if (st.kind === "fail") decide({ type: "fail", attempt, error: `boom ${attempt}`, at: now });
      if (st.kind === "retry")
        decide({ type: "fail", attempt, error: `boom ${attempt}`, at: now, retryAt: at(clock + 30) });
      if (st.kind === "cancel") decide({ type: "cancel", at: now });
      if (st.kind === "expire") decide({ type: "expire", at: now });
    }
    return events;
  };

  it(
    "is the same for jobs made by fast-check, their appends interleaved, " + "the log replayed in any page size",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(jobArb, { minLength: 1, maxLength: 5 }),
          fc.array(fc.nat(), { maxLength: 60 }),
          fc.integer({ min: 1, max: 12 }),
          async (jobs, picks, page) => {
            const pending = jobs.map((j, n) => eventsOf(j).map((event) => ({ jobId: `j${n}`, event })));
            // Rounds: each pick takes the next append of a job; a pick of a job already in the round ends it.
            const rounds: Append[][] = [];
            let round: Append[] = [];
            const take = (n: number) => {
              const a = pending[n]!.shift();
              if (!a) return;
              if (round.some((r) => r.jobId === a.jobId)) {
                rounds.push(round);
                round = [];
              }
              round.push(a);
            };
            for (const p of picks) take(p % pending.length);
            for (let n = 0; n < pending.length; n++) while (pending[n]!.length) take(n);
            if (round.length) rounds.push(round);
            await bothWays(rounds, page);
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
