import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { Projection } from "@platform/actor-runtime";
import type { RecordedEvent } from "@platform/event-store";
import type { JobEvent } from "../job/events.ts";
import { jobEventTypes } from "../job/events.ts";
import { createBucketTally } from "../statistics/bucket-tally.ts";
import { inlineJobRow } from "./jobs-row.ts";

const idOf = (streamId: string) => streamId.slice("job-".length);

/**
 * Projects job events into jobs_jobs (GET and the list), jobs_queue (the workers' work) and the
 * counts and run times of jobs_statistics: inline in each job append where the store can
 * (jobs-row.ts), from the log in a rebuild or where it cannot. A batch is folded per job in memory first and
 * written set-wise, a handful of statements whatever its size: a worker finishing a hundred
 * jobs costs the projection what one did.
 */
export const jobsProjection: Projection = {
  name: "jobs",
  eventTypes: jobEventTypes,
  inline: inlineJobRow,
  apply: async (trx, events) => writeChanges(trx, foldBatch(events)),
  reset: async (trx) => {
    await trx.deleteFrom("jobs_queue").execute();
    await trx.deleteFrom("jobs_jobs").execute();
    // The counts come back from the log; the sampled queue depths (not events) stay.
    await trx
      .deleteFrom("jobs_statistics")
      .where("cache_queue_depth", "=", 0)
      .where("total_queue_depth", "=", 0)
      .execute();
    await trx
      .updateTable("jobs_statistics")
      .set({
        scheduled: 0,
        successful: 0,
        failed: 0,
        timed: 0,
        total_execution: 0,
        min_execution: null,
        max_execution: null,
      })
      .execute();
  },
};

/** A job row made in this batch. */
type NewRow = {
  job_id: string;
  definition_id: string;
  status: string;
  parameters: string;
  channel_key: string | null;
  run_at: string;
  trigger: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  result: string | null;
  error: string | null;
  attempt: number;
  /** JSON text of the failed attempts. */
  errors: string;
  run_id: string | null;
  version: number;
};
/** What the batch changes in a row made before it (absent = unchanged; `result` as JSON text). */
type Patch = {
  job_id: string;
  status?: string;
  run_at?: string;
  started_at?: string;
  attempt?: number;
  finished_at?: string;
  result?: string;
  error?: string;
  errors?: string;
  run_id?: string;
  version: number;
};
type Finish = {
  readonly jobId: string;
  readonly finishedAt: string;
  readonly ok: boolean;
  readonly startedAt: string | null;
};

type Changes = {
  readonly created: Map<string, NewRow>;
  readonly patched: Map<string, Patch>;
  readonly dequeued: Set<string>;
  /** Jobs made earlier that a failed attempt put back in the queue: their new due time. */
  readonly requeued: Map<string, { due_at: string }>;
  readonly expired: Set<string>;
  readonly finishes: Finish[];
  readonly scheduled: { definitionId: string; channelKey: string | null; createdAt: string }[];
  /** The definition and channel of each job scheduled in the batch (kept when it expires in it too, in a rebuild). */
  readonly made: Map<string, { definition_id: string; channel_key: string | null }>;
};

/** The batch's effect per job, in event order (a job scheduled, run and finished in one batch is one new row). */
const foldBatch = (events: readonly RecordedEvent[]): Changes => {
  const c: Changes = {
    created: new Map(),
    patched: new Map(),
    dequeued: new Set(),
    requeued: new Map(),
    expired: new Set(),
    finishes: [],
    scheduled: [],
    made: new Map(),
  };
  for (const recorded of events) {
    const id = idOf(recorded.streamId);
    const version = recorded.version;
    const e = { type: recorded.type, data: recorded.data } as JobEvent;
    if (e.type === "JobScheduled") {
      const d = e.data;
      const channelKey = typeof d.parameters.channelKey === "string" ? d.parameters.channelKey : null;
      c.created.set(id, {
        job_id: id,
        definition_id: d.definitionId,
        status: "pending",
        parameters: JSON.stringify(d.parameters),
        channel_key: channelKey,
        run_at: d.runAt,
        trigger: d.trigger,
        created_at: d.createdAt,
        started_at: null,
        finished_at: null,
        result: null,
        error: null,
        attempt: 0,
        errors: "[]",
        run_id: null,
        version,
      });
      c.scheduled.push({ definitionId: d.definitionId, channelKey, createdAt: d.createdAt });
      c.made.set(id, { definition_id: d.definitionId, channel_key: channelKey });
      continue;
    }
    if (e.type === "JobExpired") {
      c.created.delete(id);
      c.patched.delete(id);
      c.dequeued.add(id);
      c.expired.add(id);
      continue;
    }
    const row: Partial<NewRow> & { version: number } =
      c.created.get(id) ?? c.patched.get(id) ?? c.patched.set(id, { job_id: id, version }).get(id)!;
    const addError = (attempt: number, failedAt: string, message: string) => {
      // A row made earlier gets the errors of this batch appended (see writeChanges).
      row.errors = JSON.stringify([
        ...(row.errors ? (JSON.parse(row.errors) as unknown[]) : []),
        { attempt, failedAt, message },
      ]);
    };
    row.version = version;
    switch (e.type) {
      case "JobStarted":
        // A start that runs no component keeps the latest run's id.
        Object.assign(
          row,
          { status: "running", started_at: e.data.startedAt, attempt: e.data.attempt },
          e.data.runId !== undefined ? { run_id: e.data.runId } : {},
        );
        break;
      case "JobSucceeded":
      case "JobFailed": {
        const ok = e.type === "JobSucceeded";
        Object.assign(
          row,
          ok
            ? { status: "succeeded", result: JSON.stringify(e.data.result) }
            : { status: "failed", error: e.data.error },
          { finished_at: e.data.finishedAt },
        );
        // A failure recorded before retries existed names no attempt: the row's, or the first.
        if (e.type === "JobFailed") addError(e.data.attempt ?? row.attempt ?? 1, e.data.finishedAt, e.data.error);
        c.finishes.push({ jobId: id, finishedAt: e.data.finishedAt, ok, startedAt: row.started_at ?? null });
        c.dequeued.add(id);
        c.requeued.delete(id);
        break;
      }
      case "JobAttemptFailed":
        Object.assign(row, { status: "pending", run_at: e.data.retryAt, attempt: e.data.attempt + 1 });
        addError(e.data.attempt, e.data.failedAt, e.data.error);
        c.finishes.push({ jobId: id, finishedAt: e.data.failedAt, ok: false, startedAt: row.started_at ?? null });
        if (!c.created.has(id)) c.requeued.set(id, { due_at: e.data.retryAt });
        break;
      case "JobCancelled":
        Object.assign(row, { status: "cancelled", finished_at: e.data.cancelledAt });
        c.dequeued.add(id);
        break;
    }
  }
  return c;
};

type Known = { job_id: string; definition_id: string; channel_key: string | null; started_at: Date | string | null };

const writeChanges = async (trx: Kysely<AnyDB>, c: Changes) => {
  const tally = createBucketTally();
  for (const s of c.scheduled) tally.scheduled(s.definitionId, s.channelKey, s.createdAt);
  // Jobs made in an earlier batch that finished in this one: their definition and channel (and start) from the table.
  const earlier = [...new Set(c.finishes.filter((f) => !c.made.has(f.jobId)).map((f) => f.jobId))];
  const known = new Map<string, Known>();
  if (earlier.length > 0) {
    const rows = (await trx
      .selectFrom("jobs_jobs")
      .select(["job_id", "definition_id", "channel_key", "started_at"])
      .where("job_id", "in", earlier)
      .execute()) as Known[];
    for (const r of rows) known.set(r.job_id, r);
  }
  for (const f of c.finishes) {
    const made = c.made.get(f.jobId);
    const row = made ?? known.get(f.jobId);
    if (row)
      tally.finished(
        row.definition_id,
        row.channel_key,
        f.finishedAt,
        f.ok,
        f.startedAt ?? (made ? null : known.get(f.jobId)!.started_at),
      );
  }

  if (c.created.size > 0) {
    await trx
      .insertInto("jobs_jobs")
      .values([...c.created.values()])
      .onConflict((oc) => oc.column("job_id").doNothing())
      .execute();
    const queued = [...c.created.values()]
      .filter((r) => !c.dequeued.has(r.job_id))
      .map((r) => ({ job_id: r.job_id, definition_id: r.definition_id, due_at: r.run_at }));
    if (queued.length > 0)
      await trx
        .insertInto("jobs_queue")
        .values(queued)
        .onConflict((oc) => oc.column("job_id").doNothing())
        .execute();
  }
  if (c.patched.size > 0)
    await sql`
      UPDATE jobs_jobs j SET
        status = coalesce(v.status, j.status),
        started_at = coalesce(v.started_at, j.started_at),
        attempt = coalesce(v.attempt, j.attempt),
        run_at = coalesce(v.run_at, j.run_at),
        errors = j.errors || coalesce(v.errors::jsonb, '[]'::jsonb),
        finished_at = coalesce(v.finished_at, j.finished_at),
        result = coalesce(v.result::jsonb, j.result),
        error = coalesce(v.error, j.error),
        run_id = coalesce(v.run_id, j.run_id),
        version = v.version
      FROM jsonb_to_recordset(${JSON.stringify([...c.patched.values()])}::jsonb)
        AS v(job_id text, status text, run_at timestamptz, started_at timestamptz, attempt int, errors text,
             finished_at timestamptz, result text, error text, run_id text, version int)
      WHERE j.job_id = v.job_id`.execute(trx);
  if (c.requeued.size > 0) {
    const rows = [...c.requeued].map(([job_id, r]) => ({ job_id, due_at: r.due_at }));
    await sql`
      INSERT INTO jobs_queue (job_id, definition_id, due_at)
      SELECT v.job_id, j.definition_id, v.due_at
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(job_id text, due_at timestamptz)
        JOIN jobs_jobs j ON j.job_id = v.job_id
      ON CONFLICT (job_id) DO UPDATE SET due_at = excluded.due_at, claimed_by = NULL, lease_until = NULL`.execute(trx);
  }
  if (c.dequeued.size > 0)
    await trx
      .deleteFrom("jobs_queue")
      .where("job_id", "in", [...c.dequeued])
      .execute();
  if (c.expired.size > 0)
    await trx
      .deleteFrom("jobs_jobs")
      .where("job_id", "in", [...c.expired])
      .execute();
  await tally.write(trx);
};
