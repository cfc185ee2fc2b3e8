import type { Migration } from "@platform/db";

/**
 * Dependencies and batches (docs/JOBS.md): a job shows what it depends on, what depends on it, its batch and why it
 * was cancelled. A `waiting` job has no queue row; the append that meets its last dependency queues it (old status
 * waiting, new pending). jobs_write_rows is 012's with these columns and that rule; jobs-projection.ts mirrors it.
 */
export const dependenciesMigration: Migration = {
  id: "013-job-dependencies",
  sql: `
ALTER TABLE jobs_jobs ADD COLUMN depends_on jsonb;
ALTER TABLE jobs_jobs ADD COLUMN dependents jsonb;
ALTER TABLE jobs_jobs ADD COLUMN batch_id text;
ALTER TABLE jobs_jobs ADD COLUMN cancel_reason text;
CREATE INDEX jobs_jobs_batch ON jobs_jobs (batch_id, created_at DESC, job_id DESC) WHERE batch_id IS NOT NULL;

CREATE OR REPLACE FUNCTION jobs_write_rows(p jsonb) RETURNS void
LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
BEGIN
  WITH input AS (
    SELECT x.* FROM jsonb_to_recordset(p) AS x(job_id text, definition_id text, status text, parameters jsonb,
      channel_key text, run_at timestamptz, trigger text, created_at timestamptz, started_at timestamptz,
      finished_at timestamptz, result jsonb, error text, attempt int, errors jsonb, run_id text, depends_on jsonb,
      dependents jsonb, batch_id text, cancel_reason text, version int)
  ), old AS (
    SELECT j.job_id, j.status, j.version FROM jobs_jobs j
     WHERE j.job_id = ANY(ARRAY(SELECT job_id FROM input)) ORDER BY j.job_id FOR UPDATE
  ), changed AS (
    SELECT i.*, o.status AS old_status, (o.status = 'running' AND i.status = 'pending') AS retried
      FROM input i LEFT JOIN old o ON o.job_id = i.job_id WHERE o.version IS NULL OR o.version < i.version
  ), dequeued AS (
    DELETE FROM jobs_queue
     WHERE job_id = ANY(ARRAY(SELECT job_id FROM changed WHERE status NOT IN ('pending', 'running')))
  ), expired AS (
    DELETE FROM jobs_jobs WHERE job_id = ANY(ARRAY(SELECT job_id FROM changed WHERE status = 'expired'))
  ), written AS (
    INSERT INTO jobs_jobs AS j (job_id, definition_id, status, parameters, channel_key, run_at, trigger, created_at,
                                started_at, finished_at, result, error, attempt, errors, run_id, depends_on, dependents,
                                batch_id, cancel_reason, version)
    SELECT job_id, definition_id, status, parameters, channel_key, run_at, trigger, created_at, started_at, finished_at,
           result, error, attempt, coalesce(errors, '[]'::jsonb), run_id, depends_on, dependents, batch_id,
           cancel_reason, version
      FROM changed WHERE status <> 'expired'
    ON CONFLICT (job_id) DO UPDATE SET
      status = excluded.status, run_at = excluded.run_at, started_at = excluded.started_at,
      finished_at = excluded.finished_at, result = excluded.result, error = excluded.error, attempt = excluded.attempt,
      errors = excluded.errors, run_id = coalesce(excluded.run_id, j.run_id), dependents = excluded.dependents,
      cancel_reason = excluded.cancel_reason, version = excluded.version
  ), queued AS (
    INSERT INTO jobs_queue (job_id, definition_id, due_at)
    SELECT job_id, definition_id, run_at FROM changed
     WHERE (old_status IS NULL OR old_status = 'waiting') AND status IN ('pending', 'running')
    ON CONFLICT (job_id) DO NOTHING
  ), requeued AS (
    INSERT INTO jobs_queue (job_id, definition_id, due_at)
    SELECT job_id, definition_id, run_at FROM changed WHERE retried
    ON CONFLICT (job_id) DO UPDATE SET due_at = excluded.due_at, claimed_by = NULL, lease_until = NULL
  ), ends AS (
    SELECT c.*, CASE WHEN c.retried THEN (c.errors->-1->>'failedAt')::timestamptz ELSE c.finished_at END AS ended_at
      FROM changed c
     WHERE c.retried OR (c.status IN ('succeeded', 'failed')
                         AND (c.old_status IS NULL OR c.old_status NOT IN ('succeeded', 'failed')))
  ), counts AS (
    SELECT definition_id, date_trunc('minute', created_at) AS bucket, coalesce(channel_key, '') AS channel,
           1 AS scheduled, 0 AS successful, 0 AS failed, 0 AS timed, 0 AS total, NULL::int AS ms
      FROM changed WHERE old_status IS NULL AND status <> 'expired'
    UNION ALL
    SELECT definition_id, date_trunc('minute', ended_at), coalesce(channel_key, ''), 0, (status = 'succeeded')::int,
           (status <> 'succeeded')::int, (ms IS NOT NULL)::int, coalesce(ms, 0), ms
      FROM (SELECT e.*, CASE WHEN e.started_at IS NULL THEN NULL
                             ELSE greatest(0, round(extract(epoch FROM e.ended_at - e.started_at) * 1000))::int
                        END AS ms
              FROM ends e) f
  )
  INSERT INTO jobs_statistics AS s (definition_id, bucket_time, channel_key, scheduled, successful, failed, timed,
                                     total_execution, min_execution, max_execution)
  SELECT definition_id, bucket, channel, sum(scheduled), sum(successful), sum(failed), sum(timed), sum(total),
         min(ms), max(ms)
    FROM counts GROUP BY definition_id, bucket, channel
  ON CONFLICT (definition_id, bucket_time, channel_key) DO UPDATE SET
    scheduled = s.scheduled + excluded.scheduled, successful = s.successful + excluded.successful,
    failed = s.failed + excluded.failed, timed = s.timed + excluded.timed,
    total_execution = s.total_execution + excluded.total_execution,
    min_execution = least(s.min_execution, excluded.min_execution),
    max_execution = greatest(s.max_execution, excluded.max_execution);
END
$fn$;`,
};
