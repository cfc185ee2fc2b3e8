import type { Migration } from "@platform/db";
import { queuesMigration } from "./migration-queues.ts";
import { workersMigration } from "./migration-workers.ts";
import { retriesMigration } from "./migration-retries.ts";
import { runIdsMigration } from "./migration-run-ids.ts";
import { dependenciesMigration } from "./migration-dependencies.ts";
import { limitsMigration } from "./migration-limits.ts";

/** The jobs context's tables. Same SQL on PostgreSQL 15+ and PGlite. */
export const jobsMigrations: readonly Migration[] = [
  {
    id: "001-job-definitions",
    sql: `
CREATE TABLE jobs_definitions (
  definition_id text PRIMARY KEY,
  actor_id text NOT NULL,
  app_id text,
  spec jsonb NOT NULL,
  override jsonb,
  writer jsonb NOT NULL,
  version int NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX jobs_definitions_app ON jobs_definitions (app_id) WHERE app_id IS NOT NULL;`,
  },
  {
    id: "002-jobs",
    sql: `
-- The definition in effect, as the workers claim by it: its queue ('default' when it names
-- none) and its maxConcurrency, kept by the projection from spec and override.
ALTER TABLE jobs_definitions ADD COLUMN queue text NOT NULL DEFAULT 'default';
ALTER TABLE jobs_definitions ADD COLUMN max_concurrency int;

CREATE TABLE jobs_jobs (
  job_id text PRIMARY KEY,
  definition_id text NOT NULL,
  status text NOT NULL,
  parameters jsonb NOT NULL,
  channel_key text,
  run_at timestamptz NOT NULL,
  trigger text NOT NULL,
  created_at timestamptz NOT NULL,
  started_at timestamptz,
  finished_at timestamptz,
  result jsonb,
  error text,
  attempt int NOT NULL DEFAULT 0,
  version int NOT NULL
);
CREATE INDEX jobs_jobs_created ON jobs_jobs (created_at DESC, job_id DESC);
CREATE INDEX jobs_jobs_definition ON jobs_jobs (definition_id, created_at DESC, job_id DESC);
CREATE INDEX jobs_jobs_status ON jobs_jobs (status, created_at DESC, job_id DESC);
CREATE INDEX jobs_jobs_finished ON jobs_jobs (finished_at) WHERE finished_at IS NOT NULL;

-- The workers' queue: one row per pending or running job, kept by the projection. A worker
-- claims due rows with FOR UPDATE SKIP LOCKED and holds each until lease_until, renewing it
-- while the job runs; a lost worker's lease lapses and another worker takes the job over.
CREATE TABLE jobs_queue (
  job_id text PRIMARY KEY,
  definition_id text NOT NULL,
  due_at timestamptz NOT NULL,
  claimed_by text,
  lease_until timestamptz
);
CREATE INDEX jobs_queue_due ON jobs_queue (due_at);
CREATE INDEX jobs_queue_definition ON jobs_queue (definition_id, lease_until);`,
  },
  {
    id: "003-job-schedules",
    sql: `
-- The scheduler's progress per definition with schedules: every occurrence at or before
-- scanned_to has been handled (a job made, or skipped by a rule). Occurrences are made once by
-- the job actor's natural key (definition, occurrence), whichever process gets there first.
CREATE TABLE jobs_schedules (
  definition_id text PRIMARY KEY,
  scanned_to timestamptz NOT NULL
);`,
  },
  {
    id: "004-job-statistics",
    sql: `
-- One bucket per minute per definition (and per channelKey, so a caller limited to some
-- channels sees only theirs): counts and run times kept by the jobs projection as jobs are
-- scheduled and finish, queue depths sampled each minute. '' = jobs without a channelKey.
CREATE TABLE jobs_statistics (
  definition_id text NOT NULL,
  bucket_time timestamptz NOT NULL,
  channel_key text NOT NULL DEFAULT '',
  scheduled int NOT NULL DEFAULT 0,
  successful int NOT NULL DEFAULT 0,
  failed int NOT NULL DEFAULT 0,
  timed int NOT NULL DEFAULT 0,
  total_execution bigint NOT NULL DEFAULT 0,
  min_execution int,
  max_execution int,
  cache_queue_depth int NOT NULL DEFAULT 0,
  total_queue_depth int NOT NULL DEFAULT 0,
  PRIMARY KEY (definition_id, bucket_time, channel_key)
);
CREATE INDEX jobs_statistics_time ON jobs_statistics (bucket_time);`,
  },
  {
    id: "005-definition-overrider",
    sql: `
-- Who turned on or changed an app-provided definition's schedule by an override: its scheduled
-- jobs run within that identity's current rights too (docs/ACCESS.md). Null: the author's schedule.
ALTER TABLE jobs_definitions ADD COLUMN overrider jsonb;`,
  },
  {
    id: "006-inline-job-row",
    sql: `
-- The inline projection of a job (jobs-row.ts): es_append_many calls it in the job append's
-- transaction with the job's row after the batch, so a job is listed, queued and counted the
-- moment it is scheduled, and no request or worker waits for a follower. What changed is told
-- by the stored row: none (scheduled: counted, queued), or one not yet finished (finished now:
-- counted with its run time, dequeued). The projector, which rebuilds from the journal,
-- writes the same rows and counts; neither overwrites a newer version.
CREATE OR REPLACE FUNCTION jobs_write_row(p jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
DECLARE
  id text := p->>'job_id';
  v int := (p->>'version')::int;
  st text := p->>'status';
  old_status text;
  old_version int;
  finished boolean := st IN ('succeeded', 'failed');
  ms int;
BEGIN
  SELECT status, version INTO old_status, old_version FROM jobs_jobs WHERE job_id = id FOR UPDATE;
  IF FOUND AND old_version >= v THEN
    RETURN;
  END IF;
  IF st = 'expired' THEN
    DELETE FROM jobs_queue WHERE job_id = id;
    DELETE FROM jobs_jobs WHERE job_id = id;
    RETURN;
  END IF;
  INSERT INTO jobs_jobs AS j (job_id, definition_id, status, parameters, channel_key, run_at, trigger, created_at,
                              started_at, finished_at, result, error, attempt, version)
  VALUES (id, p->>'definition_id', st, p->'parameters', p->>'channel_key', (p->>'run_at')::timestamptz, p->>'trigger',
          (p->>'created_at')::timestamptz, (p->>'started_at')::timestamptz, (p->>'finished_at')::timestamptz,
          p->'result', p->>'error', (p->>'attempt')::int, v)
  ON CONFLICT (job_id) DO UPDATE SET
    status = excluded.status, started_at = excluded.started_at, finished_at = excluded.finished_at,
    result = excluded.result, error = excluded.error, attempt = excluded.attempt, version = excluded.version;
  IF old_status IS NULL THEN
    INSERT INTO jobs_statistics AS s (definition_id, bucket_time, channel_key, scheduled)
    VALUES (p->>'definition_id', date_trunc('minute', (p->>'created_at')::timestamptz),
            coalesce(p->>'channel_key', ''), 1)
    ON CONFLICT (definition_id, bucket_time, channel_key) DO UPDATE SET scheduled = s.scheduled + 1;
  END IF;
  IF st IN ('pending', 'running') THEN
    IF old_status IS NULL THEN
      INSERT INTO jobs_queue (job_id, definition_id, due_at)
      VALUES (id, p->>'definition_id', (p->>'run_at')::timestamptz)
      ON CONFLICT (job_id) DO NOTHING;
    END IF;
    RETURN;
  END IF;
  DELETE FROM jobs_queue WHERE job_id = id;
  IF finished AND (old_status IS NULL OR old_status NOT IN ('succeeded', 'failed')) THEN
    ms := CASE WHEN p->>'started_at' IS NULL THEN NULL
               ELSE greatest(0, round(extract(epoch FROM (p->>'finished_at')::timestamptz
                                                         - (p->>'started_at')::timestamptz) * 1000))::int END;
    INSERT INTO jobs_statistics AS s (definition_id, bucket_time, channel_key, successful, failed, timed,
                                      total_execution, min_execution, max_execution)
    VALUES (p->>'definition_id', date_trunc('minute', (p->>'finished_at')::timestamptz),
            coalesce(p->>'channel_key', ''), (st = 'succeeded')::int, (st = 'failed')::int, (ms IS NOT NULL)::int,
            coalesce(ms, 0), ms, ms)
    ON CONFLICT (definition_id, bucket_time, channel_key) DO UPDATE SET
      successful = s.successful + excluded.successful, failed = s.failed + excluded.failed,
      timed = s.timed + excluded.timed, total_execution = s.total_execution + excluded.total_execution,
      min_execution = least(s.min_execution, excluded.min_execution),
      max_execution = greatest(s.max_execution, excluded.max_execution);
  END IF;
END
$fn$;`,
  },
  {
    id: "007-claim-indexes",
    sql: `
-- A claim scans the rows no worker holds in due order, and apart from them the held rows whose
-- lease lapsed (claims.ts): with ten thousand jobs running, the held rows are never walked past.
CREATE INDEX jobs_queue_ready ON jobs_queue (due_at, job_id) WHERE claimed_by IS NULL;
CREATE INDEX jobs_queue_held ON jobs_queue (lease_until) WHERE claimed_by IS NOT NULL;
DROP INDEX jobs_queue_due;`,
  },
  {
    id: "008-inline-job-rows",
    sql: `
-- jobs_write_row (006) for a whole group commit at once: es_append_many (event-store 005) calls
-- a function named *_rows once with the JSON array of the group's job rows, at most one per
-- job. The same rules, set-wise: a row older than the stored one changes nothing; an expired
-- job goes; a new one is counted as scheduled and queued while pending or running; a finished
-- one leaves the queue and is counted, with its run time, once. One statement per group instead
-- of three or four per job. PL/pgSQL, so its plan is kept between calls; and never a scan, which
-- a plan made while the tables were small would keep as they grow (every row is found by key).
-- jobs_write_row stays for a process of the previous release.
CREATE OR REPLACE FUNCTION jobs_write_rows(p jsonb) RETURNS void
LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
BEGIN
  WITH input AS (
    SELECT x.* FROM jsonb_to_recordset(p) AS x(job_id text, definition_id text, status text, parameters jsonb,
      channel_key text, run_at timestamptz, trigger text, created_at timestamptz, started_at timestamptz,
      finished_at timestamptz, result jsonb, error text, attempt int, version int)
  ), old AS (
    SELECT j.job_id, j.status, j.version FROM jobs_jobs j
     WHERE j.job_id = ANY(ARRAY(SELECT job_id FROM input)) ORDER BY j.job_id FOR UPDATE
  ), changed AS (
    SELECT i.*, o.status AS old_status FROM input i LEFT JOIN old o ON o.job_id = i.job_id
     WHERE o.version IS NULL OR o.version < i.version
  ), dequeued AS (
    DELETE FROM jobs_queue
     WHERE job_id = ANY(ARRAY(SELECT job_id FROM changed WHERE status NOT IN ('pending', 'running')))
  ), expired AS (
    DELETE FROM jobs_jobs WHERE job_id = ANY(ARRAY(SELECT job_id FROM changed WHERE status = 'expired'))
  ), written AS (
    INSERT INTO jobs_jobs AS j (job_id, definition_id, status, parameters, channel_key, run_at, trigger, created_at,
                                started_at, finished_at, result, error, attempt, version)
    SELECT job_id, definition_id, status, parameters, channel_key, run_at, trigger, created_at, started_at, finished_at,
           result, error, attempt, version
      FROM changed WHERE status <> 'expired'
    ON CONFLICT (job_id) DO UPDATE SET
      status = excluded.status, started_at = excluded.started_at, finished_at = excluded.finished_at,
      result = excluded.result, error = excluded.error, attempt = excluded.attempt, version = excluded.version
  ), queued AS (
    INSERT INTO jobs_queue (job_id, definition_id, due_at)
    SELECT job_id, definition_id, run_at FROM changed WHERE old_status IS NULL AND status IN ('pending', 'running')
    ON CONFLICT (job_id) DO NOTHING
  ), counts AS (
    SELECT definition_id, date_trunc('minute', created_at) AS bucket, coalesce(channel_key, '') AS channel,
           1 AS scheduled, 0 AS successful, 0 AS failed, 0 AS timed, 0 AS total, NULL::int AS ms
      FROM changed WHERE old_status IS NULL AND status <> 'expired'
    UNION ALL
    SELECT definition_id, date_trunc('minute', finished_at), coalesce(channel_key, ''), 0, (status = 'succeeded')::int,
           (status = 'failed')::int, (ms IS NOT NULL)::int, coalesce(ms, 0), ms
      FROM (SELECT c.*, CASE WHEN c.started_at IS NULL THEN NULL
                             ELSE greatest(0, round(extract(epoch FROM c.finished_at - c.started_at) * 1000))::int
                        END AS ms
              FROM changed c
             WHERE c.status IN ('succeeded', 'failed')
               AND (c.old_status IS NULL OR c.old_status NOT IN ('succeeded', 'failed'))) f
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
  },
  retriesMigration,
  queuesMigration,
  workersMigration,
  runIdsMigration,
  dependenciesMigration,
  limitsMigration,
];
