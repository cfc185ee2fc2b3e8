import type { Json } from "@platform/sandbox";
import type { JobEvent } from "./events.ts";

export type JobStatus = "waiting" | "pending" | "running" | "succeeded" | "failed" | "cancelled";
export type JobTrigger = "api" | "schedule" | "self";

/**
 * Who scheduled a job: its run acts with at most these access attributes (and the definition
 * writer's). A scheduled occurrence has none of its own.
 */
export type Requester = {
  readonly principalId?: string;
  readonly clientId?: string;
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};

/** A failed attempt, as the job shows it: which, when, and the component's error. */
export type AttemptError = { readonly attempt: number; readonly failedAt: string; readonly message: string };

/**
 * How many runs of a job may be lost in all (their worker died, so its lease ended without an
 * outcome): a job that takes its worker down with it is not started for ever. Lost runs do not
 * count against the definition's retry.maxAttempts, which is about the component's failures.
 */
export const MAX_LOST_RUNS = 3;

export type JobState = {
  /** `expired`: finished long enough ago that retention deleted it. */
  readonly status: "none" | JobStatus | "expired";
  readonly definitionId?: string;
  readonly parameters?: Readonly<Record<string, Json>>;
  /** When it is due: moved by each retry. */
  readonly runAt?: string;
  readonly trigger?: JobTrigger;
  readonly requester?: Requester;
  /** The schedule occurrence it was made for (`trigger: "schedule"`). */
  readonly occurrence?: string;
  /** Held while pending or running (the job actor's natural key `unique`). */
  readonly uniqueKey?: string;
  readonly createdAt?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly result?: Json;
  /** Why it failed (the last attempt's error), once it has. */
  readonly error?: string;
  /** The attempt running or last run; while pending after a failed one, the next (0 before the first run). */
  readonly attempt: number;
  /** One per failed attempt, oldest first. */
  readonly errors: readonly AttemptError[];
  /** The id of its latest component run (kept by a start that ran none); absent before its first. */
  readonly runId?: string;
  /** Runs lost with their worker so far. */
  readonly lostRuns: number;
  /** The jobs it depends on, as scheduled; `waitingFor`: those not yet succeeded (while it is `waiting`). */
  readonly dependsOn?: readonly string[];
  readonly waitingFor?: readonly string[];
  /** The jobs that depend on it, told how it ends. */
  readonly dependents?: readonly string[];
  readonly batchId?: string;
  /** Why it was cancelled, when not by DELETE. */
  readonly cancelReason?: string;
};

export const initialJobState = (): JobState => ({ status: "none", attempt: 0, errors: [], lostRuns: 0 });

export const isFinished = (status: JobState["status"]) =>
  status === "succeeded" || status === "failed" || status === "cancelled";

/**
 * The attempt a worker starts: the first, the one a retry made due, or (still running: its worker was lost) the next.
 */
export const nextAttempt = (s: JobState) => (s.status === "pending" ? Math.max(1, s.attempt) : s.attempt + 1);

export const evolveJob = (s: JobState, e: JobEvent): JobState => {
  switch (e.type) {
    case "JobScheduled": {
      const { createdAt, ...rest } = e.data;
      const waiting = rest.dependsOn !== undefined && rest.dependsOn.length > 0;
      return {
        status: waiting ? "waiting" : "pending",
        ...rest,
        ...(waiting ? { waitingFor: rest.dependsOn } : {}),
        createdAt,
        attempt: 0,
        errors: [],
        lostRuns: 0,
      };
    }
    case "JobDependentAdded":
      return { ...s, dependents: [...(s.dependents ?? []), e.data.jobId] };
    case "JobDependencyMet":
      return { ...s, status: e.data.waitingFor.length > 0 ? "waiting" : "pending", waitingFor: e.data.waitingFor };
    case "JobStarted":
      return {
        ...s,
        status: "running",
        startedAt: e.data.startedAt,
        attempt: e.data.attempt,
        ...(e.data.runId !== undefined ? { runId: e.data.runId } : {}),
        lostRuns: s.status === "running" ? s.lostRuns + 1 : s.lostRuns,
      };
    case "JobSucceeded":
      return { ...s, status: "succeeded", finishedAt: e.data.finishedAt, result: e.data.result };
    case "JobAttemptFailed":
      return {
        ...s,
        status: "pending",
        runAt: e.data.retryAt,
        attempt: e.data.attempt + 1,
        errors: [...s.errors, { attempt: e.data.attempt, failedAt: e.data.failedAt, message: e.data.error }],
      };
    case "JobFailed":
      return {
        ...s,
        status: "failed",
        finishedAt: e.data.finishedAt,
        error: e.data.error,
        errors: [
          ...s.errors,
          { attempt: e.data.attempt ?? s.attempt, failedAt: e.data.finishedAt, message: e.data.error },
        ],
      };
    case "JobCancelled":
      return {
        ...s,
        status: "cancelled",
        finishedAt: e.data.cancelledAt,
        ...(e.data.reason !== undefined ? { cancelReason: e.data.reason } : {}),
      };
    case "JobExpired":
      // The definition and occurrence stay: an occurrence's key is never made again.
      return {
        status: "expired",
        definitionId: s.definitionId,
        ...(s.occurrence ? { occurrence: s.occurrence } : {}),
        attempt: s.attempt,
        errors: [],
        lostRuns: s.lostRuns,
      };
  }
};
