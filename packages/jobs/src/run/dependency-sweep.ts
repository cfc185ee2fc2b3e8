import type { Clock } from "@platform/kernel";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { dependenciesInitiator, settleDependencies } from "./dependencies.ts";
import { jobServiceKey } from "./job-service.ts";

/** A waiting job is looked at once it has waited this long with a dependency that has not learned of it, or ended. */
const GRACE_MS = 10_000;
const BATCH = 100;

/**
 * The waiting jobs whose dependencies were never tied to them, or whose end never reached them: the process that
 * scheduled one, or ended a dependency, stopped in between (each step is appended first, then carried). Their
 * dependencies learn of them again, and those that ended tell them now (idempotent: nothing is appended for what is
 * already known). How many were settled. A job's own id is in its dependency's `dependents` once it has learned.
 */
export const settleStranded = async (deps: PlatformDeps, clock: Clock, graceMs = GRACE_MS): Promise<number> => {
  const before = new Date(clock.now().getTime() - graceMs).toISOString();
  const { rows } = await deps.db.pool.query<{ job_id: string; depends_on: string[] | string }>(
    `SELECT w.job_id, w.depends_on FROM jobs_jobs w
      WHERE w.status = 'waiting' AND w.created_at < $1
        AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(w.depends_on) AS x(id)
                      LEFT JOIN jobs_jobs d ON d.job_id = x.id
                     WHERE d.job_id IS NULL OR d.status IN ('succeeded', 'failed', 'cancelled')
                        OR NOT coalesce(d.dependents, '[]'::jsonb) ? w.job_id)
      ORDER BY w.created_at LIMIT ${BATCH}`,
    [before],
  );
  let due = false;
  for (const r of rows) {
    const dependsOn = typeof r.depends_on === "string" ? (JSON.parse(r.depends_on) as string[]) : r.depends_on;
    const after = await settleDependencies(deps, clock, r.job_id, dependsOn, dependenciesInitiator(r.job_id, r.job_id));
    due ||= after !== undefined;
  }
  if (due) deps.ports.get(jobServiceKey).wakeWorkers();
  return rows.length;
};

/**
 * Settles stranded waiting jobs every `intervalMs` in the worker role: the rare job a crash left waiting is carried on
 * within about GRACE_MS + intervalMs, and no reader of every scheduled job is needed on the hot path.
 */
export const createDependencySweep = (deps: PlatformDeps, clock: Clock, intervalMs = 5000): BackgroundTask => {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;
  const tick = () => {
    current ??= settleStranded(deps, clock)
      .then((n) => n > 0 && deps.log.info({ settled: n }, "carried on waiting jobs a stopped process left"))
      .catch((e: unknown) =>
        deps.log.error({ err: e instanceof Error ? e.message : String(e) }, "settling waiting jobs failed"),
      )
      .finally(() => (current = undefined));
  };
  return {
    name: "jobs:dependencies",
    start() {
      timer ??= setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await current;
    },
  };
};
