import type { Database, SqlClient } from "@platform/db";
import { queueOfSql } from "../read-model/queue-of.ts";
import { claimLimited } from "./claim-limited.ts";

/**
 * A job a worker holds: the only worker running it until `lease_until`, renewed while it runs.
 * `version`: its stream's version as the jobs' row showed it at the claim (written inline with
 * each append), so a worker holding that state in its cache reads nothing more.
 */
export type Claim = {
  readonly jobId: string;
  readonly definitionId: string;
  readonly version?: number;
  /** Claimed under a definition's `limit.concurrency`: its key value, whose next held row it frees when it ends. */
  readonly limitKey?: string;
};

export type ClaimRequest = {
  readonly owner: string;
  readonly now: Date;
  readonly leaseMs: number;
  /** At most this many jobs (the worker's free slots). */
  readonly limit: number;
  /** The queues served; undefined = every queue. */
  readonly queues: readonly string[] | undefined;
};

const until = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/**
 * Picks due rows not held by a live lease, skipping rows another worker is claiming (FOR
 * UPDATE SKIP LOCKED), and claims at once those of definitions without a maxConcurrency or limit: one
 * statement, one round trip. Rows no worker holds and rows whose lease lapsed are scanned
 * apart, each on its own index (jobs_queue_ready, jobs_queue_held), so a claim reads about as
 * many rows as it takes however many jobs are running; the definition's queue and limit, and
 * the job's version, are looked up for those rows only. The rest (`taken` false) go through
 * claimLimited. A paused queue's rows are passed over; while no queue is paused that costs one
 * look at jobs_queues per claim (an InitPlan), not one per row.
 */
/** A job's queue (its definition's, `default` when it names none). */
const QUEUE_OF = queueOfSql("q.definition_id");
/** The job's queue is one this worker serves ($3, null: all) and is not paused. */
const IN_SERVED_QUEUE = `($3::text[] IS NULL OR ${QUEUE_OF} = ANY($3::text[]))
       AND (NOT (SELECT bool_or(paused) FROM jobs_queues) IS TRUE
            OR ${QUEUE_OF} NOT IN (SELECT p.queue FROM jobs_queues p WHERE p.paused))`;

const CLAIM = `
  WITH fresh AS (
    SELECT q.job_id, q.definition_id, q.due_at FROM jobs_queue q
     WHERE q.claimed_by IS NULL AND q.due_at <= $1
       AND ${IN_SERVED_QUEUE}
     ORDER BY q.due_at, q.job_id
     LIMIT $2
       FOR UPDATE OF q SKIP LOCKED
  ), lapsed AS (
    SELECT q.job_id, q.definition_id, q.due_at FROM jobs_queue q
     WHERE q.claimed_by IS NOT NULL AND q.lease_until < $1 AND q.due_at <= $1
       AND ${IN_SERVED_QUEUE}
     ORDER BY q.due_at, q.job_id
     LIMIT $2
       FOR UPDATE OF q SKIP LOCKED
  ), picked AS (
    SELECT p.job_id, p.definition_id,
           (SELECT d.max_concurrency IS NOT NULL OR d.job_limit IS NOT NULL
              FROM jobs_definitions d WHERE d.definition_id = p.definition_id) AS limited
      FROM (SELECT * FROM fresh UNION ALL SELECT * FROM lapsed ORDER BY due_at, job_id LIMIT $2) p
  ), taken AS (
    UPDATE jobs_queue q SET claimed_by = $4, lease_until = $5
     WHERE q.job_id IN (SELECT job_id FROM picked WHERE limited IS NOT TRUE)
    RETURNING q.job_id
  )
  SELECT p.job_id, p.definition_id, (t.job_id IS NOT NULL) AS taken,
         (SELECT j.version FROM jobs_jobs j WHERE j.job_id = p.job_id) AS version
    FROM picked p LEFT JOIN taken t ON t.job_id = p.job_id`;

type Picked = { job_id: string; definition_id: string; taken: boolean; version: number | null };

const claimOf = (x: Picked): Claim => ({
  jobId: x.job_id,
  definitionId: x.definition_id,
  ...(x.version !== null ? { version: x.version } : {}),
});

/**
 * Claims a batch of due jobs (at most `limit`, in due order). Those of definitions with a
 * `maxConcurrency` or a `limit` go through claimLimited (claim-limited.ts), so both hold across every process.
 */
export const claimDue = async (db: Database, r: ClaimRequest): Promise<Claim[]> => {
  const now = r.now.toISOString();
  const { rows } = await db.pool.query<Picked>(CLAIM, [
    now,
    r.limit,
    r.queues ? [...r.queues] : null,
    r.owner,
    until(r.now, r.leaseMs),
  ]);
  const taken: Claim[] = rows.filter((x) => x.taken).map(claimOf);
  const limited = rows.filter((x) => !x.taken);
  return limited.length > 0 ? [...taken, ...(await claimLimited(db, r, limited))] : taken;
};

/** Extends a claim its owner still holds (the heartbeat of a running job); false when it lost it. */
export const renewClaim = async (
  sql: SqlClient,
  jobId: string,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> => {
  const { rows } = await sql.query(
    "UPDATE jobs_queue SET lease_until = $3 WHERE job_id = $1 AND claimed_by = $2 RETURNING job_id",
    [jobId, owner, until(now, leaseMs)],
  );
  return rows.length > 0;
};

/**
 * Drops the queue rows of jobs their owner is done with (finished, or found finished or
 * cancelled): at once, not when the projection gets there, so a finished job's lease no longer
 * counts against its definition's maxConcurrency. A row another worker has taken over stays.
 */
export const dropClaims = async (sql: SqlClient, jobIds: readonly string[], owner: string) => {
  await sql.query("DELETE FROM jobs_queue WHERE job_id = ANY($1::text[]) AND claimed_by = $2", [[...jobIds], owner]);
};

/**
 * Brings the planner's statistics of jobs_queue up to date. A queue goes from empty to ten
 * thousand due rows within a second (a minute's schedules, a burst of requests), far faster
 * than autovacuum analyzes it (where it runs at all): planned for the few rows it last counted,
 * a claim reads every due row and sorts them instead of taking the first from its index, which
 * doubled its cost. The worker calls this when a claim comes back full (see job-worker.ts).
 */
export const analyzeQueue = async (sql: SqlClient) => {
  await sql.query("ANALYZE jobs_queue");
};
