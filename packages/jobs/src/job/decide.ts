import { DomainError } from "@platform/kernel";
import type { JobCommand } from "./commands.ts";
import type { JobEvent } from "./events.ts";
import { MAX_LOST_RUNS, isFinished, nextAttempt } from "./state.ts";
import type { JobState } from "./state.ts";

const notFound = () => new DomainError("NOT_FOUND", "Job not found");
const stale = (s: JobState, attempt: number) =>
  new DomainError(
    "INVALID_STATE",
    `The job is ${s.status} at attempt ${s.attempt}; attempt ${attempt} no longer holds it`,
  );

/** The jobs waiting for this one, in the event that ends it: the jobs.dependencies reactor tells each. */
const withDependents = (s: JobState) => (s.dependents?.length ? { dependents: s.dependents } : {});

/**
 * The job decider (docs/JOBS.md): pending → running → succeeded | failed, running →
 * pending again when a failed attempt is retried, pending → cancelled, and a finished job
 * expires. A running job is started again only by the next attempt (its worker was lost), and
 * only while fewer than MAX_LOST_RUNS of its runs were lost. A job scheduled with dependencies is
 * waiting → pending once each has succeeded, or → cancelled when one did not; a job remembers
 * its dependents until it ends, and names them in the event that ends it.
 */
export const decideJob = (c: JobCommand, s: JobState): JobEvent[] => {
  if (c.type === "schedule") {
    if (s.status !== "none") throw new DomainError("CONFLICT", "The job exists already");
    const { type: _, at, ...data } = c;
    return [{ type: "JobScheduled", data: { ...data, createdAt: at } }];
  }
  if (s.status === "none" || s.status === "expired") throw notFound();
  switch (c.type) {
    case "start":
      if (s.status === "running" && s.lostRuns + 1 >= MAX_LOST_RUNS)
        throw new DomainError("INVALID_STATE", `A job's run is lost at most ${MAX_LOST_RUNS} times`);
      if ((s.status === "pending" || s.status === "running") && c.attempt === nextAttempt(s))
        return [
          {
            type: "JobStarted",
            data: { attempt: c.attempt, startedAt: c.at, ...(c.runId !== undefined ? { runId: c.runId } : {}) },
          },
        ];
      throw stale(s, c.attempt);
    case "succeed":
      if (s.status !== "running" || s.attempt !== c.attempt) throw stale(s, c.attempt);
      return [
        {
          type: "JobSucceeded",
          data: {
            finishedAt: c.at,
            result: c.result,
            ...(c.next?.length ? { next: c.next } : {}),
            ...withDependents(s),
          },
        },
      ];
    case "fail":
      if (s.status !== "running" || s.attempt !== c.attempt) throw stale(s, c.attempt);
      if (c.retryAt !== undefined)
        return [
          {
            type: "JobAttemptFailed",
            data: { attempt: c.attempt, failedAt: c.at, error: c.error, retryAt: c.retryAt },
          },
        ];
      return [
        { type: "JobFailed", data: { finishedAt: c.at, error: c.error, attempt: c.attempt, ...withDependents(s) } },
      ];
    case "cancel":
      if (s.status !== "pending" && s.status !== "waiting")
        throw new DomainError(
          "INVALID_STATE",
          `Only a pending or waiting job can be cancelled; this one is ${s.status}`,
        );
      return [{ type: "JobCancelled", data: { cancelledAt: c.at, ...withDependents(s) } }];
    case "addDependent":
      if (isFinished(s.status) || s.dependents?.includes(c.jobId)) return [];
      return [{ type: "JobDependentAdded", data: { jobId: c.jobId } }];
    case "dependencyEnded": {
      if (s.status !== "waiting" || !s.waitingFor?.includes(c.dependencyId)) return [];
      if (c.end !== "succeeded")
        return [
          {
            type: "JobCancelled",
            data: { cancelledAt: c.at, reason: `dependency ${c.dependencyId} ${c.end}`, ...withDependents(s) },
          },
        ];
      const waitingFor = s.waitingFor.filter((id) => id !== c.dependencyId);
      return [{ type: "JobDependencyMet", data: { dependencyId: c.dependencyId, metAt: c.at, waitingFor } }];
    }
    case "expire":
      if (!isFinished(s.status))
        throw new DomainError("INVALID_STATE", `Only a finished job expires; this one is ${s.status}`);
      return [{ type: "JobExpired", data: { expiredAt: c.at } }];
  }
};
