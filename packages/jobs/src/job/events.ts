import type { Json } from "@platform/sandbox";
import type { JobTrigger, Requester } from "./state.ts";

/** A job as it is scheduled: its definition, parameters, due time, trigger, who asked, and a schedule's occurrence. */
export type JobRequest = {
  readonly definitionId: string;
  readonly parameters: Readonly<Record<string, Json>>;
  readonly runAt: string;
  readonly trigger: JobTrigger;
  readonly requester: Requester;
  readonly occurrence?: string;
  /** While this job is pending or running, no other job of its definition takes the same key. */
  readonly uniqueKey?: string;
  /** The jobs it waits for: it is `waiting` until each has succeeded, and cancelled when one fails or is cancelled. */
  readonly dependsOn?: readonly string[];
  /** The batch it was made in (POST /resources/jobs/batch). */
  readonly batchId?: string;
};

/** How a job it depends on ended, as the job learns it. */
export type DependencyEnd = "succeeded" | "failed" | "cancelled" | "expired";

/** A job a succeeded run asked for (`scheduleJob`), checked when emitted; its id is fixed here so it is made once. */
export type NextJob = {
  readonly jobId: string;
  readonly definitionId: string;
  readonly parameters: Readonly<Record<string, Json>>;
  readonly runAt: string;
  readonly requester: Requester;
  readonly uniqueKey?: string;
};

export type JobEvent =
  | { readonly type: "JobScheduled"; readonly data: JobRequest & { readonly createdAt: string } }
  /**
   * A worker started it: the attempt after a failed one, or (the job still running) a lost worker's run taken over.
   * `runId`: the component run's id, made before the run (absent from starts recorded before runs had ids, and from
   * one that fails before running its component).
   */
  | {
      readonly type: "JobStarted";
      readonly data: { readonly attempt: number; readonly startedAt: string; readonly runId?: string };
    }
  | {
      readonly type: "JobSucceeded";
      readonly data: {
        readonly finishedAt: string;
        readonly result: Json;
        readonly next?: readonly NextJob[];
        /** The jobs waiting for it (told by the jobs.dependencies reactor). */
        readonly dependents?: readonly string[];
      };
    }
  /** The attempt failed and the definition's retry allows another: pending again, due at `retryAt`. */
  | {
      readonly type: "JobAttemptFailed";
      readonly data: {
        readonly attempt: number;
        readonly failedAt: string;
        readonly error: string;
        readonly retryAt: string;
      };
    }
  /** The last attempt failed (`attempt`: absent from failures recorded before retries existed). */
  | {
      readonly type: "JobFailed";
      readonly data: {
        readonly finishedAt: string;
        readonly error: string;
        readonly attempt?: number;
        readonly dependents?: readonly string[];
      };
    }
  /** `reason`: why it was cancelled other than by DELETE (`dependency <jobId> <how it ended>`). */
  | {
      readonly type: "JobCancelled";
      readonly data: {
        readonly cancelledAt: string;
        readonly reason?: string;
        readonly dependents?: readonly string[];
      };
    }
  /** Another job now waits for this one, which will tell it how it ended. */
  | { readonly type: "JobDependentAdded"; readonly data: { readonly jobId: string } }
  /** A job it depends on succeeded; `waitingFor`: those it still waits for (none: it is pending, due at runAt). */
  | {
      readonly type: "JobDependencyMet";
      readonly data: { readonly dependencyId: string; readonly metAt: string; readonly waitingFor: readonly string[] };
    }
  /** Retention: finished more than RETENTION_JOBS_DAYS ago; gone from the API and the lists. */
  | { readonly type: "JobExpired"; readonly data: { readonly expiredAt: string } };

export const jobEventTypes: readonly JobEvent["type"][] = [
  "JobScheduled",
  "JobStarted",
  "JobSucceeded",
  "JobAttemptFailed",
  "JobFailed",
  "JobCancelled",
  "JobExpired",
  "JobDependentAdded",
  "JobDependencyMet",
];
