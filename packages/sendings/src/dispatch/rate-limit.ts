import type { Database } from "@platform/db";

/**
 * Takes one delivery slot of a transport's rate limit (SENDINGS_RATE_PER_MINUTE for email,
 * SMS_RATE_PER_MINUTE, PUSH_RATE_PER_MINUTE), shared by every process: a sliding window over
 * sendings_rate_log, counted and written under a row lock on the transport's gate so two
 * workers never both take the last slot. False when the last minute is full. Short
 * transaction; never held across a delivery.
 */
export const takeRateSlot = (db: Database, transport: string, perMinute: number): Promise<boolean> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT id FROM sendings_rate_gate WHERE transport = $1 FOR UPDATE", [transport]);
    await tx.query(
      "DELETE FROM sendings_rate_log WHERE transport = $1 AND at <= clock_timestamp() - interval '1 minute'",
      [transport],
    );
    const { rows } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sendings_rate_log WHERE transport = $1",
      [transport],
    );
    if ((rows[0]?.n ?? 0) >= perMinute) return false;
    await tx.query("INSERT INTO sendings_rate_log (at, transport) VALUES (clock_timestamp(), $1)", [transport]);
    return true;
  });
