import type { Json } from "@platform/sandbox";
import type { JobEvent } from "./events.ts";

export type JobStatus = "pending" | "running" | "succeeded" | "failed" | "cancelled";
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

/** How many times a job is started in all: a worker lost mid-run (its lease ran out) costs one. */
export const MAX_ATTEMPTS = 3;

export type JobState = {
  /** `expired`: finished long enough ago that retention deleted it. */
  readonly status: "none" | JobStatus | "expired";
  readonly definitionId?: string;
  readonly parameters?: Readonly<Record<string, Json>>;
  readonly runAt?: string;
  readonly trigger?: JobTrigger;
  readonly requester?: Requester;
  /** The schedule occurrence it was made for (`trigger: "schedule"`). */
  readonly occurrence?: string;
  readonly createdAt?: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly result?: Json;
  readonly error?: string;
  /** Starts so far (1 on the first run). */
  readonly attempt: number;
};

export const initialJobState = (): JobState => ({ status: "none", attempt: 0 });

export const isFinished = (status: JobState["status"]) => status === "succeeded" || status === "failed" || status === "cancelled";

export const evolveJob = (s: JobState, e: JobEvent): JobState => {
  switch (e.type) {
    case "JobScheduled": {
      const { createdAt, ...rest } = e.data;
      return { status: "pending", ...rest, createdAt, attempt: 0 };
    }
    case "JobStarted":
      return { ...s, status: "running", startedAt: e.data.startedAt, attempt: e.data.attempt };
    case "JobSucceeded":
      return { ...s, status: "succeeded", finishedAt: e.data.finishedAt, result: e.data.result };
    case "JobFailed":
      return { ...s, status: "failed", finishedAt: e.data.finishedAt, error: e.data.error };
    case "JobCancelled":
      return { ...s, status: "cancelled", finishedAt: e.data.cancelledAt };
    case "JobExpired":
      // The definition and occurrence stay: an occurrence's key is never made again.
      return { status: "expired", definitionId: s.definitionId, ...(s.occurrence ? { occurrence: s.occurrence } : {}), attempt: s.attempt };
  }
};
