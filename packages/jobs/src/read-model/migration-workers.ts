import type { Migration } from "@platform/db";

/**
 * The job workers alive on PostgreSQL, each holding a session advisory lock while it lives
 * (createClaimLiveness of @platform/db): a listed worker whose lock nobody holds died, and its claims are
 * freed at once instead of when their lease lapses.
 */
export const workersMigration: Migration = {
  id: "011-job-workers",
  sql: `
CREATE TABLE jobs_workers (
  owner text PRIMARY KEY,
  started_at timestamptz NOT NULL
);`,
};
