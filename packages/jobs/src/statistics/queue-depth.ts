import type { Database } from "@platform/db";
import type { Clock } from "@platform/kernel";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { MINUTE_MS, minuteOf } from "./bucket-tally.ts";

/**
 * Samples the queues into the buckets of `now`'s minute, per definition and channelKey:
 * `totalQueueDepth` = pending jobs that are due, `cacheQueueDepth` = those of them a worker has
 * claimed (a live lease) and not started yet. A later sample in the same minute replaces it.
 */
export const sampleQueueDepth = async (db: Database, now: Date): Promise<void> => {
  const at = now.toISOString();
  const bucket = minuteOf(now);
  await db.transaction(async (tx) => {
    await tx.query(
      "UPDATE jobs_statistics SET cache_queue_depth = 0, total_queue_depth = 0 WHERE bucket_time " +
        "= $1 AND (cache_queue_depth > 0 OR total_queue_depth > 0)",
      [bucket],
    );
    await tx.query(
      `INSERT INTO jobs_statistics (definition_id, bucket_time, channel_key, cache_queue_depth, total_queue_depth)
       SELECT q.definition_id, $2::timestamptz, coalesce(j.channel_key, ''),
              (count(*) FILTER (WHERE q.lease_until >= $1::timestamptz AND q.claimed_by <> '~held'))::int,
              count(*)::int
         FROM jobs_queue q JOIN jobs_jobs j ON j.job_id = q.job_id
        WHERE q.due_at <= $1::timestamptz AND j.status = 'pending'
        GROUP BY q.definition_id, coalesce(j.channel_key, '')
       ON CONFLICT (definition_id, bucket_time, channel_key)
       DO UPDATE SET cache_queue_depth = excluded.cache_queue_depth, total_queue_depth = excluded.total_queue_depth`,
      [at, bucket],
    );
  });
};

/** Buckets follow the jobs' retention: those older than `days` go (-1 keeps every one); how many did. */
export const pruneBuckets = async (db: Database, now: Date, days: number): Promise<number> => {
  if (days < 0) return 0;
  const { rows } = await db.pool.query<{ n: number }>(
    "WITH gone AS (DELETE FROM jobs_statistics WHERE bucket_time < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone",
    [new Date(now.getTime() - days * 86_400_000).toISOString()],
  );
  return rows[0]?.n ?? 0;
};

/** Samples the queue depths once a minute, just after each minute starts (a task of the worker role). */
export const createQueueDepthSampler = (deps: PlatformDeps, clock: Clock): BackgroundTask => {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  let running = false;
  const arm = () => {
    timer = setTimeout(tick, MINUTE_MS - (Date.now() % MINUTE_MS) + 50);
    timer.unref();
  };
  const tick = () => {
    current = sampleQueueDepth(deps.db, clock.now()).catch((e: unknown) =>
      deps.log.error({ err: e instanceof Error ? e.message : String(e) }, "sampling the job queues failed"),
    );
    if (running) arm();
  };
  return {
    name: "jobs:queue-depth",
    start() {
      if (running) return;
      running = true;
      arm();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
};
