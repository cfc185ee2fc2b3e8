import type { Database } from "@platform/db";
import type { BackgroundTask, Logger } from "@platform/host";

/** Ended sessions stay listed (audit) this long, then go. */
const KEEP_DAYS = 30;
const INTERVAL_MS = 3600_000;

/**
 * Deletes sessions that ended (revoked, or every token expired) more than 30 days ago, once
 * an hour. Idempotent, so several worker processes may run it.
 */
export const purgeEndedSessions = async (db: Database): Promise<number> => {
  const r = await db.pool.query(
    `DELETE FROM iam_sessions WHERE revoked_at < now() - make_interval(days => $1)
       OR greatest(access_expires_at, coalesce(refresh_expires_at, access_expires_at))
          < now() - make_interval(days => $1)`,
    [KEEP_DAYS],
  );
  return r.rowCount;
};

export const sessionPurgeTask = (db: Database, log: Logger): BackgroundTask => {
  let timer: NodeJS.Timeout | undefined;
  const purge = async () => {
    try {
      const deleted = await purgeEndedSessions(db);
      if (deleted > 0) log.info({ deleted }, "purged ended sessions");
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : err }, "session purge failed");
    }
  };
  return {
    name: "iam-session-purge",
    start() {
      timer = setInterval(() => void purge(), INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
    },
  };
};
