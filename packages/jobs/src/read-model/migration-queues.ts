import type { Migration } from "@platform/db";

/**
 * Queues paused and resumed (a paused queue's jobs are not started): a row per queue whose controls were ever used,
 * kept by the job-queues projection. Claims (run/claims.ts) skip the jobs of a paused queue.
 */
export const queuesMigration: Migration = {
  id: "010-job-queues",
  sql: `
CREATE TABLE jobs_queues (
  queue text PRIMARY KEY,
  paused boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  version int NOT NULL
);`,
};
