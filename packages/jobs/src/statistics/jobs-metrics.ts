import type { PlatformDeps, PlatformMetrics } from "@platform/host";
import { queueOfSql } from "../read-model/queue-of.ts";

/** How a run's attempt ended, as `jobs_runs_total` counts it. */
export type RunOutcome = "succeeded" | "failed" | "retried";

/** `jobs_runs_total{queue, outcome}`: attempts this process ran to an end. */
export const jobRuns = (metrics: PlatformMetrics) =>
  metrics.counter({
    name: "jobs_runs_total",
    help: "Job attempts this process ran to an end, by queue and outcome (succeeded, failed, retried).",
    labelNames: ["queue", "outcome"],
  });

/** Jobs due and waiting for a worker (no live lease), by their definition's queue. */
const DEPTH = `
  SELECT ${queueOfSql("q.definition_id")} AS queue, count(*)::int AS n
    FROM jobs_queue q
   WHERE q.due_at <= $1 AND (q.lease_until IS NULL OR q.lease_until < $1)
   GROUP BY 1`;

/** The jobs context's families: runs (counted by the workers) and queue depths (read at scrape time). */
export const declareJobsMetrics = (deps: PlatformDeps): void => {
  jobRuns(deps.metrics);
  deps.metrics.gauge({
    name: "jobs_queue_depth",
    help: "Jobs due and waiting for a worker, by queue.",
    labelNames: ["queue"],
    async collect() {
      const { rows } = await deps.db.pool.query<{ queue: string; n: number }>(DEPTH, [new Date().toISOString()]);
      this.reset();
      for (const r of rows) this.set({ queue: r.queue }, r.n);
    },
  });
};
