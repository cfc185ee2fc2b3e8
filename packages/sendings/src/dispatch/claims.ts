import type { SqlClient } from "@platform/db";

/**
 * Claims on sendings_queue rows. A claim is a lease: the worker that holds it is the only
 * one delivering that sending until `lease_until`; a crashed worker's claim runs out and
 * another worker picks the sending up (with the same Message-ID).
 */
export const claimNext = async (sql: SqlClient, owner: string, leaseMs: number): Promise<string | undefined> => {
  const { rows } = await sql.query<{ sending_id: string }>(
    `UPDATE sendings_queue SET claimed_by = $1, lease_until = clock_timestamp() + make_interval(secs => $2::float8)
      WHERE sending_id = (
        SELECT sending_id FROM sendings_queue
         WHERE due_at <= clock_timestamp() AND (lease_until IS NULL OR lease_until < clock_timestamp())
         ORDER BY due_at, sending_id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
      RETURNING sending_id`,
    [owner, leaseMs / 1000],
  );
  return rows[0]?.sending_id;
};

/** Gives a claim back (a rate-limited or skipped sending), so it is due again at once. */
export const releaseClaim = async (sql: SqlClient, id: string, owner: string) => {
  await sql.query("UPDATE sendings_queue SET claimed_by = NULL, lease_until = NULL WHERE sending_id = $1 AND claimed_by = $2", [id, owner]);
};

/** Whether a worker is delivering the sending right now. */
export const isClaimed = async (sql: SqlClient, id: string): Promise<boolean> => {
  const { rows } = await sql.query("SELECT 1 FROM sendings_queue WHERE sending_id = $1 AND lease_until > clock_timestamp()", [id]);
  return rows.length > 0;
};
