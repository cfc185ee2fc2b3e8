import type { PlatformDeps } from "@platform/host";

// The scheduler's rows: how far each definition's schedule was scanned (jobs_schedules), and
// which definitions still have a job due pending or running (jobs_queue).
type Db = PlatformDeps["db"];

export type Progress = { definition_id: string; scanned_to: Date | string };

/** Every definition's progress, or (with `ids`) only theirs. */
export const readProgress = async (db: Db, ids?: readonly string[]): Promise<Progress[]> =>
  (ids
    ? await db.pool.query<Progress>(
        "SELECT definition_id, scanned_to FROM jobs_schedules WHERE definition_id = ANY($1::text[])",
        [ids],
      )
    : await db.pool.query<Progress>("SELECT definition_id, scanned_to FROM jobs_schedules")
  ).rows;

/**
 * Scanned through `now`, for `ids`, in one statement; never backwards (a scheduler whose clock
 * lags another's cannot reopen what that one handled).
 */
export const advanceProgress = async (db: Db, ids: readonly string[], now: Date): Promise<void> => {
  await db.pool.query(
    `INSERT INTO jobs_schedules (definition_id, scanned_to) SELECT unnest($1::text[]), $2
       ON CONFLICT (definition_id)
       DO UPDATE SET scanned_to = greatest(jobs_schedules.scanned_to, EXCLUDED.scanned_to)`,
    [ids, now.toISOString()],
  );
};

/** A deleted or unscheduled definition's progress goes: scheduled again, it starts afresh at its next occurrence. */
export const dropProgress = async (db: Db, ids: readonly string[]): Promise<void> => {
  await db.pool.query("DELETE FROM jobs_schedules WHERE definition_id = ANY($1::text[])", [ids]);
};

/** The definitions (of those asked, each with its occurrence) that still have a job due by then pending or running. */
export const outstanding = async (
  db: Db,
  asked: readonly { definitionId: string; occurrence: Date }[],
): Promise<Set<string>> => {
  if (asked.length === 0) return new Set();
  const { rows } = await db.pool.query<{ id: string }>(
    "SELECT d.id FROM unnest($1::text[], $2::timestamptz[]) AS d(id, at) WHERE EXISTS (SELECT 1 " +
      "FROM jobs_queue q WHERE q.definition_id = d.id AND q.due_at <= d.at)",
    [asked.map((a) => a.definitionId), asked.map((a) => a.occurrence.toISOString())],
  );
  return new Set(rows.map((r) => r.id));
};
