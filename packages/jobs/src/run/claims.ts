import type { Database, SqlClient } from "@platform/db";

/** A job a worker holds: the only worker running it until `lease_until`, renewed while it runs. */
export type Claim = { readonly jobId: string; readonly definitionId: string };

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
 * Claims a batch of due jobs in one transaction: due rows not held by a live lease, skipping
 * rows another worker is claiming (FOR UPDATE SKIP LOCKED). For definitions with a
 * `maxConcurrency`, their rows in jobs_definitions are locked (in id order, so claimers never
 * deadlock) and the live leases counted after the lock, so the limit holds across every process.
 */
export const claimDue = (db: Database, r: ClaimRequest): Promise<Claim[]> =>
  db.transaction(async (tx) => {
    const now = r.now.toISOString();
    const { rows } = await tx.query<{ job_id: string; definition_id: string; max_concurrency: number | null }>(
      `SELECT q.job_id, q.definition_id, d.max_concurrency
         FROM jobs_queue q LEFT JOIN jobs_definitions d ON d.definition_id = q.definition_id
        WHERE q.due_at <= $1 AND (q.lease_until IS NULL OR q.lease_until < $1)
          AND ($3::text[] IS NULL OR coalesce(d.queue, 'default') = ANY($3::text[]))
        ORDER BY q.due_at, q.job_id
        LIMIT $2
          FOR UPDATE OF q SKIP LOCKED`,
      [now, r.limit, r.queues ? [...r.queues] : null],
    );
    if (rows.length === 0) return [];
    const limited = [...new Set(rows.filter((x) => x.max_concurrency !== null).map((x) => x.definition_id))].sort();
    const room = new Map<string, number>();
    if (limited.length > 0) {
      const locked = await tx.query<{ definition_id: string; max_concurrency: number | null }>(
        "SELECT definition_id, max_concurrency FROM jobs_definitions WHERE definition_id = ANY($1::text[]) ORDER BY definition_id FOR UPDATE",
        [limited],
      );
      const live = await tx.query<{ definition_id: string; n: number }>(
        "SELECT definition_id, count(*)::int AS n FROM jobs_queue WHERE definition_id = ANY($1::text[]) AND lease_until >= $2 GROUP BY definition_id",
        [limited, now],
      );
      const running = new Map(live.rows.map((x) => [x.definition_id, x.n]));
      // The limit as it is now (the row was locked after the first read, and may have changed).
      for (const d of locked.rows) if (d.max_concurrency !== null) room.set(d.definition_id, d.max_concurrency - (running.get(d.definition_id) ?? 0));
    }
    const taken: Claim[] = [];
    for (const x of rows) {
      const left = room.get(x.definition_id);
      if (left !== undefined) {
        if (left <= 0) continue;
        room.set(x.definition_id, left - 1);
      }
      taken.push({ jobId: x.job_id, definitionId: x.definition_id });
    }
    if (taken.length > 0)
      await tx.query("UPDATE jobs_queue SET claimed_by = $1, lease_until = $2 WHERE job_id = ANY($3::text[])", [r.owner, until(r.now, r.leaseMs), taken.map((t) => t.jobId)]);
    return taken;
  });

/** Extends a claim its owner still holds (the heartbeat of a running job); false when it lost it. */
export const renewClaim = async (sql: SqlClient, jobId: string, owner: string, now: Date, leaseMs: number): Promise<boolean> => {
  const { rows } = await sql.query("UPDATE jobs_queue SET lease_until = $3 WHERE job_id = $1 AND claimed_by = $2 RETURNING job_id", [jobId, owner, until(now, leaseMs)]);
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
