import { DomainError, attributesAllow, isDomainError } from "@platform/kernel";
import type { Caller, Clock, ValidationIssue } from "@platform/kernel";
import type { ExecuteResult, Initiator } from "@platform/actor-runtime";
import type { PlatformDeps } from "@platform/host";
import type { DependencyEnd } from "../job/events.ts";
import type { JobState } from "../job/state.ts";

/** The most jobs one job may depend on. */
export const MAX_DEPENDENCIES = 100;

const invalid = (issues: ValidationIssue[]) => new DomainError("VALIDATION_FAILED", "The job is invalid", issues);

const endOf = (s: JobState): DependencyEnd | undefined =>
  s.status === "succeeded" || s.status === "failed" || s.status === "cancelled" ? s.status : undefined;

/**
 * Checks what jobs depend on, before anything is stored: each id names a job the caller may read (its definition's
 * `jobs/<definition>:read` and its channelKey within the caller's attributes), or one made with them (`made`); one it
 * may not read is as unknown as one that does not exist. `prefix` names the body's field (`jobs.3.` in a batch).
 */
export const checkDependencies = async (
  deps: PlatformDeps,
  caller: Caller,
  dependsOn: readonly string[],
  made: ReadonlySet<string>,
  prefix = "",
): Promise<void> => {
  const issues: ValidationIssue[] = [];
  await Promise.all(
    dependsOn.map(async (id, i) => {
      if (made.has(id)) return;
      const { state, exists } = await deps.runtime.load("job", id);
      const s = state as JobState;
      const channelKey = typeof s.parameters?.channelKey === "string" ? s.parameters.channelKey : undefined;
      const readable =
        exists && caller.can(`jobs/${s.definitionId}`, "read") && attributesAllow(caller, { channelKey });
      if (!readable) issues.push({ path: `${prefix}dependsOn.${i}`, message: `names no job you may read ('${id}')` });
    }),
  );
  if (issues.length > 0) throw invalid(issues.sort((a, b) => a.path.localeCompare(b.path)));
};

/**
 * A cycle among jobs made together (each id → the ids it depends on), as the ids along it; undefined when there is
 * none. Ids of jobs made earlier cannot close one: they were made before these existed.
 */
export const findCycle = (graph: ReadonlyMap<string, readonly string[]>): string[] | undefined => {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (id: string): string[] | undefined => {
    if (state.get(id) === "done" || !graph.has(id)) return undefined;
    if (state.get(id) === "open") return [...path.slice(path.indexOf(id)), id];
    state.set(id, "open");
    path.push(id);
    for (const next of graph.get(id)!) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(id, "done");
    return undefined;
  };
  for (const id of graph.keys()) {
    const cycle = visit(id);
    if (cycle) return cycle;
  }
  return undefined;
};

/** The refusal of a cycle, naming it. */
export const cycleError = (cycle: readonly string[], path: string) =>
  invalid([{ path, message: `makes a cycle of dependencies (${cycle.join(" → ")})` }]);

/**
 * Ties a scheduled job to what it depends on: each dependency remembers it (and will tell it how it ends), and one
 * that has ended already tells it now. Idempotent: the API does it before answering and the jobs.dependencies reactor
 * again after a crash in between. The job's state after the last change this made, if any.
 */
export const settleDependencies = async (
  deps: PlatformDeps,
  clock: Clock,
  jobId: string,
  dependsOn: readonly string[],
  who: Initiator,
): Promise<ExecuteResult | undefined> => {
  let last: ExecuteResult | undefined;
  for (const dependencyId of dependsOn) {
    let end: DependencyEnd | undefined;
    try {
      const r = await deps.runtime.execute("job", dependencyId, [{ type: "addDependent", jobId }], who);
      end = endOf(r.state as JobState);
    } catch (e) {
      // Retention removed it since it was checked: it ended long ago, how is no longer known.
      if (!isDomainError(e) || e.code !== "NOT_FOUND") throw e;
      end = "expired";
    }
    if (end === undefined) continue;
    const r = await tellDependent(deps, clock, jobId, dependencyId, end, who);
    if (!r?.events.length) continue;
    last = r;
    // Cancelled now: those already waiting for it (a batch's) learn it too.
    await tellDependents(deps, clock, jobId, r.events);
  }
  return last;
};

const END: Readonly<Record<string, DependencyEnd>> = {
  JobSucceeded: "succeeded",
  JobFailed: "failed",
  JobCancelled: "cancelled",
};

/**
 * Tells the jobs waiting for a job how it ended, when `events` (what an append of job `jobId` made) ended it: at once
 * by whoever ended it (its worker, a DELETE, a dependency's end), and again by the reactor after a crash in between.
 * A job cancelled in turn tells its own. Whether one of them became due.
 */
export const tellDependents = async (
  deps: PlatformDeps,
  clock: Clock,
  jobId: string,
  events: readonly { readonly type: string; readonly data: unknown }[],
): Promise<boolean> => {
  let due = false;
  for (const e of events) {
    const end = END[e.type];
    const dependents = (e.data as { dependents?: readonly string[] }).dependents;
    if (!end || !dependents?.length) continue;
    for (const dependent of dependents) {
      const told = await tellDependent(deps, clock, dependent, jobId, end, dependenciesInitiator(dependent, jobId));
      if (!told) continue;
      due ||= told.events.some((x) => x.type === "JobDependencyMet" && (x.data as JobState).waitingFor?.length === 0);
      due = (await tellDependents(deps, clock, dependent, told.events)) || due;
    }
  }
  return due;
};

/** Tells a job how one it depends on ended; nothing for a job that is gone. */
export const tellDependent = async (
  deps: PlatformDeps,
  clock: Clock,
  jobId: string,
  dependencyId: string,
  end: DependencyEnd,
  who: Initiator,
): Promise<ExecuteResult | undefined> => {
  try {
    return await deps.runtime.execute(
      "job",
      jobId,
      [{ type: "dependencyEnded", dependencyId, end, at: clock.now().toISOString() }],
      who,
    );
  } catch (e) {
    if (isDomainError(e) && e.code === "NOT_FOUND") return undefined;
    throw e;
  }
};

/** Who carries dependencies in the journal: the job told, with the dependency as the cause. */
export const dependenciesInitiator = (jobId: string, cause: string): Initiator => ({
  clientId: "system:jobs-dependencies",
  correlationId: jobId,
  causationId: cause,
});
