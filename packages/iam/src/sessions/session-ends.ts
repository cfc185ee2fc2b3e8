import type { Database } from "@platform/db";

/** NOTIFY channel: a session whose client wants to hear of its end has ended. */
export const SESSION_ENDS_CHANNEL = "iam_session_ends";

/** An ended session its client must be told about (OpenID Connect Back-Channel Logout). */
export type SessionEnd = {
  readonly sessionId: string;
  readonly clientId: string;
  readonly subjectId: string;
  readonly endedAt: Date;
  /** Attempts so far, this one included. */
  readonly attempts: number;
};

type Row = { session_id: string; client_id: string; subject_id: string; ended_at: Date | string; attempts: number };

/**
 * The queue of ended sessions (iam_session_ends), filled by the statements that end them. A
 * claim leases its rows for `leaseS` (another process takes them over once it lapses, so an
 * end is announced at least once); each claimed end is then settled: delivered, due again at
 * a later time, or given up.
 */
export const createSessionEnds = (db: Database) => ({
  channel: SESSION_ENDS_CHANNEL,

  async claim(limit: number, leaseS: number): Promise<SessionEnd[]> {
    const { rows } = await db.pool.query<Row>(
      `UPDATE iam_session_ends SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       WHERE session_id IN (
         SELECT session_id FROM iam_session_ends WHERE next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       RETURNING session_id, client_id, subject_id, ended_at, attempts`,
      [limit, leaseS],
    );
    return rows.map((r) => ({
      sessionId: String(r.session_id),
      clientId: r.client_id,
      subjectId: r.subject_id,
      endedAt: new Date(r.ended_at),
      attempts: Number(r.attempts),
    }));
  },

  /** Delivered, or given up: forget it. */
  async done(sessionId: string): Promise<void> {
    await db.pool.query("DELETE FROM iam_session_ends WHERE session_id = $1", [sessionId]);
  },

  /** Not delivered: try again at `at`. */
  async retryAt(sessionId: string, at: Date, error: string): Promise<void> {
    await db.pool.query("UPDATE iam_session_ends SET next_attempt_at = $2, last_error = $3 WHERE session_id = $1", [
      sessionId,
      at.toISOString(),
      error.slice(0, 500),
    ]);
  },

  /** Ends not yet delivered, oldest first (operators and tests). */
  async pending(): Promise<
    readonly {
      readonly sessionId: string;
      readonly clientId: string;
      readonly attempts: number;
      readonly lastError: string | null;
    }[]
  > {
    const { rows } = await db.pool.query<Row & { last_error: string | null }>(
      "SELECT * FROM iam_session_ends ORDER BY ended_at, session_id LIMIT 1000",
    );
    return rows.map((r) => ({
      sessionId: String(r.session_id),
      clientId: r.client_id,
      attempts: Number(r.attempts),
      lastError: r.last_error,
    }));
  },
});

export type SessionEnds = ReturnType<typeof createSessionEnds>;
