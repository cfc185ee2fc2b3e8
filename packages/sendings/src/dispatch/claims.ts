import type { SqlClient } from "@platform/db";

/**
 * Claims on sendings_queue rows. A claim is a lease: the worker that holds it is the only
 * one delivering that sending until `lease_until`; a worker claims only sendings of the
 * transports it can deliver (`transports`) and whose rate limit is not spent; a crashed worker's claim runs out and
 * another worker picks the sending up (with the same Message-ID).
 */
export const claimNext = async (
  sql: SqlClient,
  owner: string,
  leaseMs: number,
  transports: readonly string[],
): Promise<{ id: string; transport: string } | undefined> => {
  if (transports.length === 0) return undefined;
  const { rows } = await sql.query<{ sending_id: string; transport: string }>(
    `UPDATE sendings_queue SET claimed_by = $1, lease_until = clock_timestamp() + make_interval(secs => $2::float8)
      WHERE sending_id = (
        SELECT sending_id FROM sendings_queue
         WHERE transport = ANY($3) AND due_at <= clock_timestamp()
           AND (lease_until IS NULL OR lease_until < clock_timestamp())
         ORDER BY due_at, sending_id
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
      RETURNING sending_id, transport`,
    [owner, leaseMs / 1000, transports],
  );
  const row = rows[0];
  return row && { id: row.sending_id, transport: row.transport };
};

/** Extends a claim its owner still holds (a heartbeat during a slow SMTP exchange); false when it lost it. */
export const renewClaim = async (sql: SqlClient, id: string, owner: string, leaseMs: number): Promise<boolean> => {
  const { rows } = await sql.query(
    "UPDATE sendings_queue SET lease_until = clock_timestamp() + make_interval(secs => " +
      "$3::float8) WHERE sending_id = $1 AND claimed_by = $2 RETURNING sending_id",
    [id, owner, leaseMs / 1000],
  );
  return rows.length > 0;
};

/** Gives a claim back (a rate-limited or skipped sending), so it is due again at once. */
export const releaseClaim = async (sql: SqlClient, id: string, owner: string) => {
  await sql.query(
    "UPDATE sendings_queue SET claimed_by = NULL, lease_until = NULL WHERE sending_id = $1 AND claimed_by = $2",
    [id, owner],
  );
};

/** How long a cancel holds a sending's claim: far longer than recording the cancel takes. */
const CANCEL_HOLD_SECONDS = 30;

/**
 * Takes a sending's claim for a cancel, so no dispatcher can start delivering it between
 * "still pending" and "cancelled": `held` (the cancel may go ahead; the projection drops the
 * row once it is recorded), `busy` (a dispatcher holds it: the message may be on the wire),
 * `absent` (no queue row, so nothing can deliver it).
 */
export const holdForCancel = async (sql: SqlClient, id: string, owner: string): Promise<"held" | "busy" | "absent"> => {
  const { rows } = await sql.query(
    `UPDATE sendings_queue SET claimed_by = $2, lease_until = clock_timestamp() + make_interval(secs => $3::float8)
      WHERE sending_id = $1 AND (lease_until IS NULL OR lease_until < clock_timestamp())
      RETURNING sending_id`,
    [id, owner, CANCEL_HOLD_SECONDS],
  );
  if (rows.length > 0) return "held";
  const queued = await sql.query("SELECT 1 FROM sendings_queue WHERE sending_id = $1", [id]);
  return queued.rows.length > 0 ? "busy" : "absent";
};
