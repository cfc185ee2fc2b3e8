import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { createBucketTally } from "../statistics/bucket-tally.ts";

/*
 * The jobs projection's changes of one batch (jobs-projection.ts folds them) and their set-wise write: a handful of
 * statements whatever the batch's size.
 */

/** A job row made in this batch. */
export type NewRow = {
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
  /** JSON text of the ids. */
  depends_on: string | null;
  dependents: string | null;
  batch_id: string | null;
  cancel_reason: string | null;
  version: number;
};
/** What the batch changes in a row made before it (absent = unchanged; `result` as JSON text). */
export type Patch = {
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
  /** JSON text of the dependents added in this batch (appended to the stored ones). */
  dependents?: string;
  cancel_reason?: string;
  version: number;
};
export type Finish = {
  readonly jobId: string;
  readonly finishedAt: string;
  readonly ok: boolean;
  readonly startedAt: string | null;
};

export type Changes = {
  readonly created: Map<string, NewRow>;
  readonly patched: Map<string, Patch>;
  readonly dequeued: Set<string>;
  /** Jobs made earlier that a failed attempt put back in the queue (their new due time), or a last dependency met. */
  readonly requeued: Map<string, { due_at: string | null }>;
  readonly expired: Set<string>;
  readonly finishes: Finish[];
  readonly scheduled: { definitionId: string; channelKey: string | null; createdAt: string }[];
  /** The definition and channel of each job scheduled in the batch (kept when it expires in it too, in a rebuild). */
  readonly made: Map<string, { definition_id: string; channel_key: string | null }>;
};

type Known = { job_id: string; definition_id: string; channel_key: string | null; started_at: Date | string | null };

export const writeChanges = async (trx: Kysely<AnyDB>, c: Changes) => {
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
      .filter((r) => !c.dequeued.has(r.job_id) && (r.status === "pending" || r.status === "running"))
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
        dependents = CASE WHEN v.dependents IS NULL THEN j.dependents
                          ELSE coalesce(j.dependents, '[]'::jsonb) || v.dependents::jsonb END,
        cancel_reason = coalesce(v.cancel_reason, j.cancel_reason),
        version = v.version
      FROM jsonb_to_recordset(${JSON.stringify([...c.patched.values()])}::jsonb)
        AS v(job_id text, status text, run_at timestamptz, started_at timestamptz, attempt int, errors text,
             finished_at timestamptz, result text, error text, run_id text, dependents text, cancel_reason text,
             version int)
      WHERE j.job_id = v.job_id`.execute(trx);
  if (c.requeued.size > 0) {
    const rows = [...c.requeued].map(([job_id, r]) => ({ job_id, due_at: r.due_at }));
    await sql`
      INSERT INTO jobs_queue (job_id, definition_id, due_at)
      SELECT v.job_id, j.definition_id, coalesce(v.due_at, j.run_at)
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
