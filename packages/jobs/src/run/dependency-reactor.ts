import type { Clock } from "@platform/kernel";
import type { RecordedEvent } from "@platform/event-store";
import type { PlatformDeps } from "@platform/host";
import type { DependencyEnd, JobEvent } from "../job/events.ts";
import { dependenciesInitiator, settleDependencies, tellDependent } from "./dependencies.ts";
import { jobServiceKey } from "./job-service.ts";

export const DEPENDENCY_EVENTS = ["JobScheduled", "JobSucceeded", "JobFailed", "JobCancelled"] as const;

const END: Readonly<Record<string, DependencyEnd>> = {
  JobSucceeded: "succeeded",
  JobFailed: "failed",
  JobCancelled: "cancelled",
};

/**
 * The jobs.dependencies reactor: a job that ended tells each job waiting for it (named in the event that ended it),
 * and a scheduled job's dependencies learn of it again, after a crash between its append and the API's doing so. Both
 * are idempotent. Workers are woken when a job it told may have become due.
 */
export const carryDependencies = async (deps: PlatformDeps, clock: Clock, e: RecordedEvent) => {
  const jobId = e.streamId.slice("job-".length);
  const event = { type: e.type, data: e.data } as JobEvent;
  if (event.type === "JobScheduled") {
    if (event.data.dependsOn?.length)
      if (await settleDependencies(deps, clock, jobId, event.data.dependsOn, dependenciesInitiator(jobId, jobId)))
        deps.ports.get(jobServiceKey).wakeWorkers();
    return;
  }
  const dependents = "dependents" in event.data ? event.data.dependents : undefined;
  const end = END[e.type];
  if (!dependents?.length || !end) return;
  for (const dependent of dependents)
    await tellDependent(deps, clock, dependent, jobId, end, dependenciesInitiator(dependent, jobId));
  if (end === "succeeded") deps.ports.get(jobServiceKey).wakeWorkers();
};
