import * as v from "valibot";

/*
 * What the /resources/job-definitions and /resources/jobs routes answer: a
 * definition as read-model/record.ts `toRecord` shows it, a job as read-model/job-record.ts
 * `toJobRecord` does, and the statistics buckets of statistics/statistics-queries.ts.
 */

const Int = v.pipe(v.number(), v.integer());
const Instant = (what: string) => v.pipe(v.string(), v.description(`${what}: an ISO 8601 instant, UTC`));

/** A schedule as stored: the cron with single spaces, a zone only when one was given. */
const Schedule = v.object({
  cron: v.pipe(v.string(), v.description("A 5-field cron expression (minute hour day-of-month month day-of-week)")),
  timeZone: v.optional(v.pipe(v.string(), v.description("IANA or Windows time-zone id; absent: UTC"))),
});

const definitionEntries = {
  jobDefinitionId: v.pipe(v.string(), v.description("Segments joined by /; apps/<appId>/<id> for an app's")),
  componentId: v.pipe(v.string(), v.description("The component it runs, <appId>/<componentId>")),
  queue: v.pipe(v.nullable(v.string()), v.description("Worker queue of its jobs; null: the default")),
  maxConcurrency: v.pipe(v.nullable(Int), v.description("Most of its jobs running at once; null: no limit")),
  limit: v.pipe(
    v.nullable(
      v.object({
        key: v.pipe(v.string(), v.description("The parameter whose value the limit is kept per")),
        concurrency: v.optional(v.pipe(Int, v.description("Most jobs with one value running at once"))),
        perMinute: v.optional(v.pipe(Int, v.description("Most jobs with one value started in any 60 seconds"))),
      }),
    ),
    v.description("Limits per value of one parameter, across every worker; null: none"),
  ),
  schedules: v.array(Schedule),
  scheduleSuspended: v.boolean(),
  scheduleConcurrency: v.pipe(
    v.picklist(["forbid", "allow"]),
    v.description("forbid: an occurrence due while a run is outstanding is skipped"),
  ),
  scheduleStartingDeadlineSeconds: v.pipe(
    v.nullable(Int),
    v.description("After downtime, only the latest occurrence within this many seconds is made; null: no deadline"),
  ),
  scheduleIsOverridden: v.pipe(
    v.boolean(),
    v.description("A tenant override of an app-provided definition's schedule fields is in effect"),
  ),
  acl: v.pipe(
    v.array(v.string()),
    v.description("ACEs its component's `ctx` calls may use when it runs as this definition's job"),
  ),
  retry: v.pipe(
    v.object({
      maxAttempts: v.pipe(Int, v.description("Runs of a job in all while its component fails (1: no retry)")),
      backoffSeconds: v.pipe(Int, v.description("Wait before the second attempt; doubled for each after it")),
      maxBackoffSeconds: v.pipe(Int, v.description("Longest wait between attempts")),
    }),
    v.description(
      "A failed run (the component threw, timed out, ran out of memory) is tried again after " +
        "min(backoffSeconds · 2^(attempt-1), maxBackoffSeconds) seconds, ± 10 %",
    ),
  ),
  appId: v.pipe(v.nullable(v.string()), v.description("The app that provides it; null for one made through the API")),
  createdAt: Instant("Created"),
  updatedAt: Instant("Last changed"),
  etag: v.pipe(v.string(), v.description("The ETag header's value without quotes")),
};

/** One item of GET /resources/job-definitions. */
export const JobDefinitionListItem = v.object(definitionEntries);

/**
 * GET, PUT and PATCH /resources/job-definitions/{definitionId}: with `occurrences` when ?occurrences=N asked for them.
 */
export const JobDefinition = v.object({
  ...definitionEntries,
  occurrences: v.optional(
    v.pipe(
      v.array(v.string()),
      v.description(
        "The next N occurrences over all its schedules (ISO 8601 instants, UTC); [] while " +
          "suspended; only with ?occurrences",
      ),
    ),
  ),
});

const JOB_STATUSES = ["waiting", "pending", "running", "succeeded", "failed", "cancelled"] as const;

/** A job: POST /resources/jobs, GET /resources/jobs/{jobId}, and each item of the list. */
export const Job = v.object({
  jobId: v.pipe(v.string(), v.description("UUID")),
  jobDefinitionId: v.string(),
  parameters: v.pipe(
    v.record(v.string(), v.unknown()),
    v.description("Its parameters, checked against (and defaulted from) its component's declaration"),
  ),
  runAt: Instant("When it is due"),
  status: v.picklist(JOB_STATUSES),
  createdAt: Instant("Scheduled"),
  startedAt: v.pipe(v.nullable(v.string()), v.description("Last started (ISO 8601 instant, UTC); null before")),
  finishedAt: v.pipe(
    v.nullable(v.string()),
    v.description("Succeeded, failed or cancelled (ISO 8601 instant, UTC); null before"),
  ),
  result: v.pipe(v.unknown(), v.description("What its component returned (any JSON); null until it succeeded")),
  error: v.pipe(v.nullable(v.string()), v.description("Why it failed (its last attempt's error); null unless it did")),
  attempt: v.pipe(
    Int,
    v.description(
      "The attempt running or last run; while pending after a failed attempt, the next one; 0 before the first",
    ),
  ),
  errors: v.pipe(
    v.array(
      v.object({
        attempt: Int,
        failedAt: Instant("When it failed"),
        message: v.pipe(v.string(), v.description("The component's error")),
      }),
    ),
    v.description("One per failed attempt, oldest first"),
  ),
  runId: v.pipe(
    v.nullable(v.string()),
    v.description("The id of its latest component run (UUID), as the run's log lines carry it; null before its first"),
  ),
  trigger: v.pipe(
    v.picklist(["api", "schedule", "self"]),
    v.description("api: POST /resources/jobs; schedule: an occurrence; self: a component's scheduleJob effect"),
  ),
  dependsOn: v.pipe(
    v.array(v.string()),
    v.description("The jobs it depends on: it is waiting until every one has succeeded; [] for none"),
  ),
  dependents: v.pipe(v.array(v.string()), v.description("The jobs that depend on it")),
  batchId: v.pipe(v.nullable(v.string()), v.description("The batch it was made in (UUID); null for none")),
  cancelReason: v.pipe(
    v.nullable(v.string()),
    v.description("dependency <jobId> <failed|cancelled|expired> when a dependency's end cancelled it; else null"),
  ),
});

/** GET /resources/job-batches/{batchId}: how many of the batch's jobs are in each status. */
export const JobBatch = v.object({
  batchId: v.pipe(v.string(), v.description("UUID")),
  total: Int,
  byStatus: v.object(
    Object.fromEntries(JOB_STATUSES.map((s) => [s, Int])) as Record<(typeof JOB_STATUSES)[number], typeof Int>,
  ),
});

/** POST /resources/jobs/batch: the batch's id and its jobs, in the order asked. */
export const JobBatchCreated = v.object({ batchId: v.pipe(v.string(), v.description("UUID")), jobs: v.array(Job) });

/** One bucket (the spec's "Job statistics bucket"): a definition's minute, its channels summed. */
const StatisticsBucket = v.object({
  jobDefinitionId: v.string(),
  bucketTime: Instant("The minute"),
  scheduled: v.pipe(Int, v.description("Jobs scheduled in the minute")),
  successful: v.pipe(Int, v.description("Jobs that succeeded in the minute")),
  failed: v.pipe(Int, v.description("Jobs that failed in the minute")),
  minExecution: v.pipe(v.nullable(Int), v.description("Shortest run, ms; null without runs")),
  maxExecution: v.pipe(v.nullable(Int), v.description("Longest run, ms; null without runs")),
  avgExecution: v.pipe(v.nullable(v.number()), v.description("Mean run, ms (3 decimals); null without runs")),
  cacheQueueDepth: v.pipe(
    Int,
    v.description("Pending jobs due that a worker has claimed and not started yet, sampled in the minute"),
  ),
  totalQueueDepth: v.pipe(Int, v.description("Pending jobs that are due, sampled in the minute")),
});

/** GET /resources/jobs/statistics: a plain array, oldest first, not a paginated list. */
export const JobStatistics = v.array(StatisticsBucket);

/** A queue: GET /resources/job-queues lists them, PUT answers the one it changed. */
export const JobQueue = v.object({
  queue: v.pipe(v.string(), v.description("The queue's name: default, or one a definition names")),
  paused: v.pipe(
    v.boolean(),
    v.description("No worker starts its jobs (running ones finish; schedules still make them)"),
  ),
  pending: v.pipe(Int, v.description("Its jobs waiting to run (due or not), within the reader's access attributes")),
  running: v.pipe(Int, v.description("Its jobs running, within the reader's access attributes")),
});
