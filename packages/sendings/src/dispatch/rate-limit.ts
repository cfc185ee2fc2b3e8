import type { Database } from "@platform/db";

/**
 * Takes one delivery slot of SENDINGS_RATE_PER_MINUTE, shared by every process: a sliding
 * window over sendings_rate_log, counted and written under a row lock on the gate so two
 * workers never both take the last slot. False when the last minute is full. Short
 * transaction; never held across SMTP.
 */
export const takeRateSlot = (db: Database, perMinute: number): Promise<boolean> =>
  db.transaction(async (tx) => {
    await tx.query("SELECT id FROM sendings_rate_gate WHERE id = 1 FOR UPDATE");
    await tx.query("DELETE FROM sendings_rate_log WHERE at <= clock_timestamp() - interval '1 minute'");
    const { rows } = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM sendings_rate_log");
    if ((rows[0]?.n ?? 0) >= perMinute) return false;
    await tx.query("INSERT INTO sendings_rate_log (at) VALUES (clock_timestamp())");
    return true;
  });
