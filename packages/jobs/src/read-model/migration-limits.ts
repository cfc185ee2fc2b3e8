import type { Migration } from "@platform/db";

/**
 * Limits per key (docs/JOBS.md): the definition's `limit` in effect, for the claims; and the claims made under a
 * `perMinute` limit in the last minute, per definition and key value, counted by every worker (run/claim-limited.ts).
 * Rows older than a minute are deleted by the claims that find them.
 */
export const limitsMigration: Migration = {
  id: "014-job-limits",
  sql: `
ALTER TABLE jobs_definitions ADD COLUMN job_limit jsonb;
UPDATE jobs_definitions
   SET job_limit = nullif(CASE WHEN override ? 'limit' THEN override->'limit' ELSE spec->'limit' END, 'null'::jsonb);

CREATE TABLE jobs_limit_starts (
  definition_id text NOT NULL,
  limit_key text NOT NULL,
  started_at timestamptz NOT NULL
);
CREATE INDEX jobs_limit_starts_key ON jobs_limit_starts (definition_id, limit_key, started_at);`,
};
