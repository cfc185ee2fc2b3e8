import type { Database } from "@platform/db";
import type { Clock } from "@platform/kernel";

const MIN_INTERVAL_MS = 60_000;

/**
 * Records lastActiveAt at most once a minute per identity and process: a plain-table
 * upsert, never an event (it would otherwise write on every request).
 */
export const createActivityRecorder = (db: Database, clock: Clock) => {
  const seen = new Map<string, number>();
  return async (subjectId: string, force = false) => {
    const now = clock.now().getTime();
    if (!force && now - (seen.get(subjectId) ?? 0) < MIN_INTERVAL_MS) return;
    if (seen.size > 50_000) seen.clear();
    seen.set(subjectId, now);
    await db.pool.query(
      "INSERT INTO iam_activity (subject_id, last_active_at) VALUES ($1, now()) ON CONFLICT " +
        "(subject_id) DO UPDATE SET last_active_at = EXCLUDED.last_active_at",
      [subjectId],
    );
  };
};

export type ActivityRecorder = ReturnType<typeof createActivityRecorder>;
