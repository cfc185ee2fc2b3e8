import { isDomainError } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { pruneBuckets } from "../statistics/queue-depth.ts";

const DAY_MS = 86_400_000;
const BATCH = 500;
const retentionActor = { clientId: "system:jobs-retention" };

/**
 * Retention (the spec's Retention:JobsDays): jobs finished more than `days` ago expire, a
 * batch at a time; how many did. -1 keeps every job.
 */
export const expireFinishedJobs = async (deps: PlatformDeps, clock: Clock, days: number): Promise<number> => {
  if (days < 0) return 0;
  const now = clock.now();
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  let expired = 0;
  for (;;) {
    const rows = (await deps.db.kysely
      .selectFrom("jobs_jobs")
      .select("job_id")
      .where("finished_at", "<", cutoff)
      .orderBy("finished_at")
      .limit(BATCH)
      .execute()) as { job_id: string }[];
    for (const { job_id } of rows) {
      try {
        await deps.runtime.execute("job", job_id, [{ type: "expire", at: now.toISOString() }], {
          ...retentionActor,
          correlationId: job_id,
        });
        expired++;
      } catch (e) {
        // Another process expired it first.
        if (!isDomainError(e) || e.code !== "NOT_FOUND") throw e;
      }
    }
    if (rows.length < BATCH) return expired;
  }
};

/** Runs retention (of jobs and of the statistics buckets) every `intervalMs` (default a minute) in the worker role. */
export const createRetentionTask = (deps: PlatformDeps, clock: Clock, intervalMs = 60_000): BackgroundTask => {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  const tick = () => {
    const days = deps.config.retentionJobsDays;
    current = expireFinishedJobs(deps, clock, days)
      .then((n) => n > 0 && deps.log.info({ expired: n }, "finished jobs expired"))
      .then(() => pruneBuckets(deps.db, clock.now(), days))
      .catch((e: unknown) =>
        deps.log.error({ err: e instanceof Error ? e.message : String(e) }, "job retention failed"),
      );
  };
  return {
    name: "jobs:retention",
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await current;
    },
  };
};
