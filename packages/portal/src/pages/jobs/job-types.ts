import type { DefinitionRecord, JobQueueRecord, JobRecord, Schedule, StatisticsBucket } from "@platform/jobs";

/** The jobs context's published answers, as the portal reads them. */
export type { Schedule, StatisticsBucket };
/**
 * A job definition as `GET /resources/job-definitions/{definitionId}` answers it (`occurrences` with `?occurrences=N`).
 */
export type JobDefinition = DefinitionRecord;
/** One job as `GET /resources/jobs/{jobId}` answers it. */
export type Job = JobRecord;
export type JobStatus = Job["status"];
/** One queue as `GET /resources/job-queues` lists it. */
export type JobQueue = JobQueueRecord;

export const JOB_STATUSES: readonly JobStatus[] = ["waiting", "pending", "running", "succeeded", "failed", "cancelled"];

/** The portal's link to a definition: its id's segments kept as path segments (`reports/eu/nightly`). */
export const definitionHref = (id: string) =>
  `/portal/job-definitions/${id.split("/").map(encodeURIComponent).join("/")}`;

/** The API's path of a definition, the same way. */
export const definitionApiPath = (id: string) =>
  `/resources/job-definitions/${id.split("/").map(encodeURIComponent).join("/")}`;
