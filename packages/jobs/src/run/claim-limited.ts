import type { Database, SqlClient } from "@platform/db";
import type { JobLimit } from "../definition/spec.ts";
import type { Claim, ClaimRequest } from "./claims.ts";

/** A due row of a definition with a maxConcurrency or a limit, picked but not yet claimed. */
export type LimitedPick = { readonly job_id: string; readonly definition_id: string };

/**
 * `claimed_by` of a row whose key is at its limit: out of the ready index (so the next claims reach other keys' rows
 * at once) until `lease_until`, when the claims' scan of lapsed rows looks at it again; a job of the key that ends
 * hands its slot to the oldest such row at once (releaseHeld).
 */
export const HELD = "~held";
/** How long a row whose key has no free slot is held before it is looked at again (a freed slot releases one). */
const HOLD_MS = 1000;
const MINUTE_MS = 60_000;

const until = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();
/** A job's key value, as the SQL below reads it: the parameter's JSON text, 'null' when it has none. */
const KEY_OF = (job: string, key: string) => `coalesce((${job}.parameters->${key})::text, 'null')`;

type Definition = { definition_id: string; max_concurrency: number | null; job_limit: JobLimit | null };

/**
 * Claims rows of definitions with a maxConcurrency or a limit, in a transaction that locks their rows in
 * jobs_definitions (in id order, so claimers never deadlock) and counts, after the lock, the live leases of each
 * definition and of each key value, and the claims of each key value in the last minute: so both limits hold across
 * every process. A key at its limit has its due rows held (HELD), so the rows behind them are claimed next: one hot
 * key never holds back the others.
 */
export const claimLimited = (db: Database, r: ClaimRequest, picked: readonly LimitedPick[]): Promise<Claim[]> =>
  db.transaction(async (tx) => {
    const now = r.now.toISOString();
    const definitions = [...new Set(picked.map((x) => x.definition_id))].sort();
    const locked = await tx.query<Definition>(
      "SELECT definition_id, max_concurrency, job_limit FROM jobs_definitions WHERE definition_id = " +
        "ANY($1::text[]) ORDER BY definition_id FOR UPDATE",
      [definitions],
    );
    const live = await tx.query<{ definition_id: string; n: number }>(
      "SELECT definition_id, count(*)::int AS n FROM jobs_queue WHERE definition_id = " +
        `ANY($1::text[]) AND lease_until >= $2 AND claimed_by <> '${HELD}' GROUP BY definition_id`,
      [definitions, now],
    );
    const running = new Map(live.rows.map((x) => [x.definition_id, x.n]));
    // The limits as they are now (the row was locked after the first read, and may have changed).
    const room = new Map(
      locked.rows.map((d) => [
        d.definition_id,
        d.max_concurrency === null ? Infinity : d.max_concurrency - (running.get(d.definition_id) ?? 0),
      ]),
    );
    const keyed = locked.rows.filter((d) => d.job_limit !== null);
    const keys = await keyRooms(tx, keyed, picked, r.now);
    const chosen: LimitedPick[] = [];
    const held = new Map<string, { definition: Definition; key: string; until: string }>();
    for (const x of picked) {
      const left = room.get(x.definition_id) ?? Infinity;
      if (left <= 0) continue;
      const k = keys.get(x.job_id);
      if (k && (k.room.running <= 0 || k.room.starts <= 0)) {
        held.set(`${x.definition_id}\0${k.value}`, { definition: k.definition, key: k.value, until: k.room.heldUntil });
        continue;
      }
      room.set(x.definition_id, left - 1);
      if (k) {
        k.room.running--;
        k.room.starts--;
      }
      chosen.push(x);
    }
    // Unlocked since the pick: claimed only if no other worker took it meanwhile. Before the holds, which would
    // take the chosen rows of a key too.
    const { rows } =
      chosen.length === 0
        ? { rows: [] }
        : await tx.query<{ job_id: string; definition_id: string }>(
            "UPDATE jobs_queue SET claimed_by = $1, lease_until = $2 WHERE job_id = ANY($3::text[]) AND " +
              "(lease_until IS NULL OR lease_until < $4) RETURNING job_id, definition_id",
            [r.owner, until(r.now, r.leaseMs), chosen.map((x) => x.job_id), now],
          );
    for (const h of held.values()) await hold(tx, h.definition, h.key, now, h.until);
    const started = rows.filter((x) => keys.get(x.job_id)?.definition.job_limit?.perMinute !== undefined);
    if (started.length > 0)
      await tx.query(
        "INSERT INTO jobs_limit_starts (definition_id, limit_key, started_at) " +
          "SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])",
        [started.map((x) => x.definition_id), started.map((x) => keys.get(x.job_id)!.value), started.map(() => now)],
      );
    return rows.map((x) => {
      const k = keys.get(x.job_id);
      const slot = k?.definition.job_limit?.concurrency !== undefined ? { limitKey: k.value } : {};
      return { jobId: x.job_id, definitionId: x.definition_id, ...slot };
    });
  });

type KeyRoom = { running: number; starts: number; heldUntil: string };

/**
 * Per picked job of a definition with a limit: its key value and the room left for that value (shared by the jobs of
 * one value): concurrency less its live leases, perMinute less its claims in the last minute, and until when a row
 * at its limit is held.
 */
const keyRooms = async (tx: SqlClient, keyed: readonly Definition[], picked: readonly LimitedPick[], now: Date) => {
  const out = new Map<string, { definition: Definition; value: string; room: KeyRoom }>();
  const at = now.toISOString();
  const since = new Date(now.getTime() - MINUTE_MS).toISOString();
  for (const d of keyed) {
    const limit = d.job_limit!;
    const ids = picked.filter((x) => x.definition_id === d.definition_id).map((x) => x.job_id);
    if (ids.length === 0) continue;
    const values = await tx.query<{ job_id: string; value: string }>(
      `SELECT j.job_id, ${KEY_OF("j", "$2::text")} AS value FROM jobs_jobs j WHERE j.job_id = ANY($1::text[])`,
      [ids, limit.key],
    );
    const wanted = [...new Set(values.rows.map((v) => v.value))];
    const running = new Map<string, number>();
    if (limit.concurrency !== undefined) {
      const { rows } = await tx.query<{ value: string; n: number }>(
        `SELECT ${KEY_OF("j", "$2::text")} AS value, count(*)::int AS n
           FROM jobs_queue q JOIN jobs_jobs j ON j.job_id = q.job_id
          WHERE q.definition_id = $1 AND q.lease_until >= $3 AND q.claimed_by <> '${HELD}'
          GROUP BY 1`,
        [d.definition_id, limit.key, at],
      );
      for (const x of rows) running.set(x.value, x.n);
    }
    const starts = new Map<string, { n: number; first: string }>();
    if (limit.perMinute !== undefined) {
      await tx.query("DELETE FROM jobs_limit_starts WHERE definition_id = $1 AND started_at <= $2", [
        d.definition_id,
        since,
      ]);
      const { rows } = await tx.query<{ limit_key: string; n: number; first: Date | string }>(
        "SELECT limit_key, count(*)::int AS n, min(started_at) AS first FROM jobs_limit_starts " +
          "WHERE definition_id = $1 AND limit_key = ANY($2::text[]) GROUP BY limit_key",
        [d.definition_id, wanted],
      );
      for (const x of rows) starts.set(x.limit_key, { n: x.n, first: new Date(x.first).toISOString() });
    }
    const rooms = new Map<string, KeyRoom>();
    for (const value of wanted) {
      const s = starts.get(value);
      const full = limit.perMinute !== undefined && s !== undefined && s.n >= limit.perMinute;
      rooms.set(value, {
        running: limit.concurrency === undefined ? Infinity : limit.concurrency - (running.get(value) ?? 0),
        starts: limit.perMinute === undefined ? Infinity : limit.perMinute - (s?.n ?? 0),
        // A minute after the oldest start in the window, one more may start; a full concurrency waits for a slot.
        heldUntil: full ? until(new Date(s.first), MINUTE_MS) : until(now, HOLD_MS),
      });
    }
    for (const v of values.rows) out.set(v.job_id, { definition: d, value: v.value, room: rooms.get(v.value)! });
  }
  return out;
};

/** Holds every due row of a key at its limit that no worker runs, until `heldUntil`. */
const hold = async (tx: SqlClient, d: Definition, value: string, now: string, heldUntil: string) => {
  await tx.query(
    `UPDATE jobs_queue q SET claimed_by = '${HELD}', lease_until = $4
       FROM jobs_jobs j
      WHERE j.job_id = q.job_id AND q.definition_id = $1 AND ${KEY_OF("j", "$2::text")} = $3 AND q.due_at <= $5
        AND (q.claimed_by IS NULL OR (q.claimed_by = '${HELD}' AND q.lease_until < $5))`,
    [d.definition_id, d.job_limit!.key, value, heldUntil, now],
  );
};

/**
 * A job of a concurrency-limited key ended: the oldest held row of that key is ready again at once (rather than when
 * its hold lapses), so the key's next job starts within a claim. Under the definition's lock, as claims count: a claim
 * that counted the ended job as running holds its key's rows before this frees one, never after.
 */
export const releaseHeld = (db: Database, definitionId: string, value: string) =>
  db.transaction(async (tx) => {
    const { rows } = await tx.query<{ key: string }>(
      "SELECT job_limit->>'key' AS key FROM jobs_definitions WHERE definition_id = $1 FOR UPDATE",
      [definitionId],
    );
    if (!rows[0]?.key) return false;
    const freed = await tx.query(
      `UPDATE jobs_queue SET claimed_by = NULL, lease_until = NULL
        WHERE job_id = (SELECT q.job_id FROM jobs_queue q JOIN jobs_jobs j ON j.job_id = q.job_id
                         WHERE q.definition_id = $1 AND q.claimed_by = '${HELD}' AND ${KEY_OF("j", "$3::text")} = $2
                         ORDER BY q.due_at, q.job_id LIMIT 1)
        RETURNING job_id`,
      [definitionId, value, rows[0].key],
    );
    return freed.rows.length > 0;
  });
