/** A schedule as the API shows it: a 5-field cron expression and its zone (UTC when absent). */
export type Schedule = { readonly cron: string; readonly timeZone?: string | null };

/** A job definition as the API shows it (GET /resources/job-definitions/{definitionId}). */
export type JobDefinition = {
  readonly jobDefinitionId: string;
  readonly componentId: string;
  readonly queue: string | null;
  readonly maxConcurrency: number | null;
  readonly schedules: readonly Schedule[];
  readonly scheduleSuspended: boolean;
  readonly scheduleConcurrency: "forbid" | "allow";
  readonly scheduleStartingDeadlineSeconds: number | null;
  readonly acl: readonly string[];
  readonly scheduleIsOverridden: boolean;
  readonly appId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly etag: string;
  /** Only with `?occurrences=N`: the next N instants over all schedules (UTC). */
  readonly occurrences?: readonly string[];
};

export type JobStatus = "pending" | "running" | "succeeded" | "failed" | "cancelled";

export const JOB_STATUSES: readonly JobStatus[] = ["pending", "running", "succeeded", "failed", "cancelled"];

/** One job as the API shows it (CONTRACT.md 8). */
export type Job = {
  readonly jobId: string;
  readonly jobDefinitionId: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly runAt: string;
  readonly status: JobStatus;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly result: unknown;
  readonly error: string | null;
  readonly trigger: "api" | "schedule" | "self";
};

/** One minute of one definition (GET /resources/jobs/statistics). */
export type StatisticsBucket = {
  readonly jobDefinitionId: string;
  readonly bucketTime: string;
  readonly scheduled: number;
  readonly successful: number;
  readonly failed: number;
  readonly minExecution: number | null;
  readonly maxExecution: number | null;
  readonly avgExecution: number | null;
  readonly cacheQueueDepth: number;
  readonly totalQueueDepth: number;
};

/** The portal's link to a definition: its id's segments kept as path segments (`reports/eu/nightly`). */
export const definitionHref = (id: string) => `/portal/job-definitions/${id.split("/").map(encodeURIComponent).join("/")}`;

/** The API's path of a definition, the same way. */
export const definitionApiPath = (id: string) => `/resources/job-definitions/${id.split("/").map(encodeURIComponent).join("/")}`;
