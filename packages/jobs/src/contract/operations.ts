import * as v from "valibot";
import { Queue, fieldEntries } from "../definition/body.ts";
import { JobBody } from "../run/job-service.ts";
import { QueueBody } from "../routes/job-queues.ts";
import {
  Job,
  JobBatch,
  JobBatchCreated,
  JobDefinition,
  JobDefinitionListItem,
  JobQueue,
  JobStatistics,
} from "./responses.ts";
import { MAX_BATCH } from "../run/job-batch.ts";

/** The body of POST /resources/jobs/batch, as published: each job as POST /resources/jobs takes one. */
const JobBatchBody = v.strictObject({
  jobs: v.pipe(v.array(JobBody), v.minLength(1), v.maxLength(MAX_BATCH)),
});

/**
 * The body of PUT and PATCH /resources/job-definitions/{id} (definition/body.ts; read-only fields of a GET answer are
 * ignored).
 */
export const DefinitionBody = v.strictObject({ jobDefinitionId: v.optional(v.string()), ...fieldEntries });

const ID = "/resources/job-definitions/{definitionId}";

/** Every /resources/job-definitions route (routes/job-definitions.ts). `{definitionId}` may hold `/`. */
export const jobOperations = [
  {
    operationId: "putJobDefinition",
    method: "put",
    path: ID,
    summary:
      "Create (201) or replace (200) a job definition: a full assert, an absent field is cleared; " +
      "If-Match optional. Ids under apps/ are the apps' (403)",
    permission: "job-definitions:write",
    success: 201,
    alsoSuccess: [200],
    tags: ["jobs"],
    requestBody: DefinitionBody,
    requestExample: {
      componentId: "shop/report",
      queue: "reports",
      schedules: [{ cron: "0 3 * * *", timeZone: "Europe/Stockholm" }],
      retry: { maxAttempts: 3 },
    },
    response: JobDefinition,
    ifMatch: "optional",
    etag: true,
  },
  {
    operationId: "patchJobDefinition",
    method: "patch",
    path: ID,
    summary:
      "Merge into a job definition (absent = unchanged, null = cleared); on an app's definition, " +
      "a tenant override of its schedule fields",
    permission: "job-definitions:write",
    success: 200,
    tags: ["jobs"],
    requestBody: DefinitionBody,
    requestExample: { maxConcurrency: 2, scheduleSuspended: false },
    response: JobDefinition,
    ifMatch: "optional",
    etag: true,
  },
  {
    operationId: "listJobDefinitions",
    method: "get",
    path: "/resources/job-definitions",
    summary: "List job definitions by id",
    permission: "job-definitions:read",
    success: 200,
    tags: ["jobs"],
    list: "jobDefinitions",
    item: JobDefinitionListItem,
  },
  {
    operationId: "getJobDefinition",
    method: "get",
    path: ID,
    summary: "Read a job definition; ?occurrences=N (at most 100) adds the next N times over all its schedules",
    permission: "job-definitions:read",
    success: 200,
    tags: ["jobs"],
    query: {
      occurrences:
        "0 to 100: adds `occurrences`, the next N times over all its schedules (UTC instants); [] while suspended",
    },
    response: JobDefinition,
    etag: true,
  },
  {
    operationId: "deleteJobDefinition",
    method: "delete",
    path: ID,
    summary: "Delete a job definition (not an app's: 403); its pending jobs fail when they run",
    permission: "job-definitions:write",
    success: 204,
    tags: ["jobs"],
    ifMatch: "optional",
  },
  {
    operationId: "scheduleJob",
    method: "post",
    path: "/resources/jobs",
    summary:
      "Schedule a job of a definition (runAt default now); parameters are checked against its " +
      "component's (400 naming each field); with uniqueKey, 409 CONFLICT naming the job in " +
      "details.jobId while a job of the definition with that key is pending or running. With dependsOn " +
      "(up to 100 job ids the caller may read) it is waiting until each has succeeded, and cancelled " +
      "(cancelReason 'dependency <jobId> <status>') when one fails for good or is cancelled; an unknown id " +
      "or a cycle is 400",
    permission: "jobs/<definition>:schedule",
    success: 201,
    tags: ["jobs"],
    requestBody: JobBody,
    requestExample: { jobDefinitionId: "nightly-report", parameters: { orderNumber: "1001" }, uniqueKey: "2026-03-01" },
    response: Job,
    alsoErrors: [409],
  },
  {
    operationId: "scheduleJobBatch",
    method: "post",
    path: "/resources/jobs/batch",
    summary:
      `Schedule 1 to ${MAX_BATCH} jobs in one transaction, all or none: each checked as POST /resources/jobs ` +
      "checks one (400 names jobs.<i>.<field>; 403, 409 as there); they carry one batchId, and may depend on " +
      "each other by the jobId each chooses (a cycle is 400). 201 answers the jobs in the order asked",
    permission: "jobs/<definition>:schedule, for each definition",
    success: 201,
    tags: ["jobs"],
    requestBody: JobBatchBody,
    requestExample: {
      jobs: [
        {
          jobDefinitionId: "nightly-report",
          jobId: "0190a000-0000-7000-8000-000000000001",
          parameters: { orderNumber: "1001" },
        },
        {
          jobDefinitionId: "nightly-report",
          parameters: { orderNumber: "1002" },
          dependsOn: ["0190a000-0000-7000-8000-000000000001"],
        },
      ],
    },
    response: JobBatchCreated,
    alsoErrors: [409],
  },
  {
    operationId: "getJobBatch",
    method: "get",
    path: "/resources/job-batches/{batchId}",
    summary:
      "How many of a batch's jobs are in each status: only jobs the caller may read, within its access " +
      "attributes (404 when none)",
    permission: "jobs[/<definition>]:read",
    success: 200,
    tags: ["jobs"],
    response: JobBatch,
  },
  {
    operationId: "listJobs",
    method: "get",
    path: "/resources/jobs",
    summary: "List jobs, newest first: only those of definitions the caller may read, within its access attributes",
    permission: "jobs[/<definition>]:read",
    success: 200,
    tags: ["jobs"],
    list: "jobs",
    item: Job,
    query: {
      jobDefinitionId: "Exact definition id",
      status: "waiting, pending, running, succeeded, failed or cancelled",
      queue:
        "The queue its definition names (default: also the jobs of deleted definitions, as GET " +
        "/resources/job-queues counts them)",
      runAtBefore:
        "ISO 8601 instant, exclusive: jobs due before it (with status=pending and now: the due ones waiting)",
      finishedAfter: "ISO 8601 instant, exclusive: jobs that succeeded, failed or were cancelled after it",
      batchId: "The jobs of one batch (POST /resources/jobs/batch)",
    },
  },
  {
    operationId: "jobStatistics",
    method: "get",
    path: "/resources/jobs/statistics",
    summary:
      "Per-minute buckets per definition, oldest first, a plain array: scheduled, successful, " +
      "failed, min/max/avgExecution (ms, null without runs), cacheQueueDepth and totalQueueDepth " +
      "(sampled each minute); only definitions the caller may read, within its access attributes; " +
      "at most 50000 buckets (more: 400)",
    permission: "jobs[/<definition>]:read",
    success: 200,
    tags: ["jobs"],
    query: {
      from: "ISO 8601 instant; default 24 hours before to",
      to: "ISO 8601 instant; default now",
      jobDefinitionId: "One definition's buckets (403 if its jobs are not readable)",
    },
    response: JobStatistics,
  },
  {
    operationId: "getJob",
    method: "get",
    path: "/resources/jobs/{jobId}",
    summary: "Read one job with its result or error",
    permission: "jobs/<definition>:read",
    success: 200,
    tags: ["jobs"],
    response: Job,
  },
  {
    operationId: "cancelJob",
    method: "delete",
    path: "/resources/jobs/{jobId}",
    summary:
      "Cancel a pending or waiting job: it never runs, and the jobs waiting for it are cancelled " +
      "(409 INVALID_STATE once running or finished)",
    permission: "jobs/<definition>:write",
    success: 204,
    alsoErrors: [409],
    tags: ["jobs"],
  },
  {
    operationId: "listJobQueues",
    method: "get",
    path: "/resources/job-queues",
    summary:
      "List the queues by name (default, those definitions name, those ever paused): paused, and " +
      "their pending and running jobs within the caller's access attributes",
    permission: "job-queues:read",
    success: 200,
    tags: ["jobs"],
    list: "jobQueues",
    item: JobQueue,
  },
  {
    operationId: "putJobQueue",
    method: "put",
    path: "/resources/job-queues/{queue}",
    summary:
      "Pause or resume a queue: a paused queue's jobs are not started in any process (a running " +
      "one finishes; schedules still make jobs); the queue's journal records who did it",
    permission: "job-queues:write",
    success: 200,
    tags: ["jobs"],
    pathParams: {
      queue: v.pipe(Queue, v.description("The queue's name: 1 to 64 of A-Z a-z 0-9 . _ ~ -"), v.examples(["reports"])),
    },
    requestBody: QueueBody,
    requestExample: { paused: true },
    response: JobQueue,
  },
] as const;
