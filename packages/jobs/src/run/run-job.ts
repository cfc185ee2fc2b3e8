import { isDomainError, newId, traced } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import type { Initiator, ExecuteResult, LoadedActor } from "@platform/actor-runtime";
import type { PlatformDeps } from "@platform/host";
import { resolveAt } from "@platform/ports";
import type { Grantor } from "@platform/ports";
import type { RunFailure, RunResult } from "@platform/sandbox";
import type { Writer } from "../definition/spec.ts";
import { writerOf } from "../write/definition-writer.ts";
import type { JobCommand } from "../job/commands.ts";
import type { NextJob } from "../job/events.ts";
import { MAX_LOST_RUNS, nextAttempt } from "../job/state.ts";
import { RETRIED_FAILURES, retryAt, retryOf } from "../definition/retry.ts";
import type { JobState, Requester } from "../job/state.ts";
import { parseDefinition } from "../read-model/record.ts";
import { tellDependents } from "./dependencies.ts";
import type { DefinitionRow } from "../read-model/record.ts";
import type { Claim } from "./claims.ts";
import type { JobService, NewJob } from "./job-service.ts";
import { jobRuns } from "../statistics/jobs-metrics.ts";
import type { RunOutcome } from "../statistics/jobs-metrics.ts";
import { ports } from "@platform/ports";

/**
 * Whose rights a job's run uses (docs/ACCESS.md): the definition's writer (for an app's
 * definition, the app's installer) and, for a scheduled job, the overrider whose schedule made
 * it (the job's requester, when it names one).
 */
const grantorsOf = (fromApp: boolean, writer: Writer, scheduledBy: Requester | undefined): Grantor[] => [
  { maker: writer, as: fromApp ? "The app's installer" : "The definition's writer" },
  ...(scheduledBy && (scheduledBy.principalId || scheduledBy.clientId)
    ? [{ maker: scheduledBy, as: "The schedule's overrider" }]
    : []),
];

/** Who the worker is in the journal: every state change it causes names it, with the job as correlation. */
export const workerInitiator = (jobId: string): Initiator => ({
  clientId: "system:jobs-worker",
  correlationId: jobId,
  causationId: jobId,
});

/** A failure as the job's `error`: the code, the message and each named field. */
export const describeFailure = (f: RunFailure): string => {
  const fields = Array.isArray(f.details)
    ? (f.details as { path?: unknown; message?: unknown }[])
        .filter((d) => typeof d?.path === "string")
        .map((d) => `${String(d.path)}: ${String(d.message)}`)
    : [];
  return `${f.code}: ${f.message}${fields.length ? ` (${fields.join("; ")})` : ""}`.slice(0, 4000);
};

export type RunJobDeps = {
  readonly deps: PlatformDeps;
  readonly clock: Clock;
  readonly jobs: JobService;
  /** The definition in effect (the worker reads those of a batch of jobs at once). */
  readonly definition: (definitionId: string) => Promise<DefinitionRow | undefined>;
  /**
   * Awaited before recording a run's outcome: the worker's runs that end close together record theirs together
   * (gathering.ts).
   */
  readonly together: () => Promise<void>;
};

/**
 * Called once the attempt's start is recorded (the worker renews the job's lease from then on), with the id of the
 * component run it makes (none when its definition is gone).
 */
export type Started = (runId: string | undefined) => void;

/**
 * Runs one claimed job to its outcome: starts it (as the next attempt when a lost worker held
 * it; failed once MAX_LOST_RUNS were lost) with the id of the run it makes, runs its
 * definition's component in the sandbox with that id and the definition's acl, and records
 * the result or the failure: a failure of the component is tried again while the definition's
 * retry allows (pending, due after the backoff), and one a second run cannot mend (bad
 * parameters, a right lost, the definition deleted) is final. The `scheduleJob` effects of a
 * run are checked when emitted (as the run's caller) and recorded with its success, then
 * scheduled; a failed run schedules nothing. A worker that lost the job to another attempt
 * records nothing. Whether it recorded the attempt's end (succeeded, failed or retried).
 */
export const runJob = (run: RunJobDeps, claim: Claim, started: Started): Promise<boolean> =>
  traced("job run", { "job.id": claim.jobId, "job.definition": claim.definitionId }, () =>
    runClaimed(run, claim, started),
  );

const outcomeOf = (command: JobCommand): RunOutcome | undefined =>
  command.type === "succeed"
    ? "succeeded"
    : command.type === "fail"
      ? command.retryAt
        ? "retried"
        : "failed"
      : undefined;

const runClaimed = async (
  { deps, clock, jobs, definition, together }: RunJobDeps,
  claim: Claim,
  started: Started,
): Promise<boolean> => {
  const { runtime, log } = deps;
  const runs = jobRuns(deps.metrics);
  // Known once the definition is read; a job failed before that (lost too often, its definition gone) counts as
  // "unknown".
  let queue = "unknown";
  const id = claim.jobId;
  const who = workerInitiator(id);
  // Each command starts from the state the last one left (no read of the stream between them).
  let base: LoadedActor = await runtime.load(
    "job",
    id,
    claim.version !== undefined ? { version: claim.version } : undefined,
  );
  const s = base.state as JobState;
  if (s.status !== "pending" && s.status !== "running") return false;
  let ended = false;
  // The run's id once its start is recorded: the log lines about the run carry it.
  let runId: string | undefined;
  const execute = async (command: JobCommand): Promise<boolean> => {
    let done: ExecuteResult;
    try {
      // Nothing here reads the jobs' read model next: the projection catches up in its own time, in bigger batches.
      done = await runtime.execute("job", id, [command], who, { base, readYourWrites: false });
    } catch (e) {
      // Cancelled, or taken over by another attempt meanwhile: that outcome stands.
      if (isDomainError(e) && (e.code === "INVALID_STATE" || e.code === "NOT_FOUND")) {
        log.info({ jobId: id, runId, command: command.type, reason: e.message }, "job changed under its worker");
        return false;
      }
      throw e;
    }
    base = { id, state: done.state, version: done.version, exists: true };
    // An end names the jobs waiting for this one: told at once (the reactor tells them again after a crash).
    if (await tellDependents(deps, clock, id, done.events)) jobs.wakeWorkers();
    // A retried attempt's end too: the append put the job back in the queue, unclaimed.
    ended = command.type === "succeed" || command.type === "fail";
    const outcome = outcomeOf(command);
    if (outcome) runs.inc({ queue, outcome });
    return true;
  };
  const at = () => clock.now().toISOString();
  if (s.status === "running" && s.lostRuns + 1 >= MAX_LOST_RUNS) {
    await execute({
      type: "fail",
      attempt: s.attempt,
      error: `WORKER_LOST: its worker stopped without an outcome ${MAX_LOST_RUNS} times; not started again`,
      at: at(),
    });
    return ended;
  }
  const attempt = nextAttempt(s);
  // Read before the start, so that only an attempt that runs a component names a run (its id made before the run, so
  // the job names it while it runs and whatever becomes of the worker).
  const row = await definition(claim.definitionId);
  const made = row ? newId() : undefined;
  if (!(await execute({ type: "start", attempt, at: at(), ...(made !== undefined ? { runId: made } : {}) })))
    return false;
  runId = made;
  started(runId);

  if (!row) {
    await execute({
      type: "fail",
      attempt,
      error: `DEFINITION_DELETED: job definition ${claim.definitionId} was deleted`,
      at: at(),
    });
    return ended;
  }
  const { spec, writer } = parseDefinition(row);
  queue = spec.queue ?? "default";
  const emitted: (NewJob & { readonly at: string | undefined })[] = [];
  const [appId, componentId] = spec.componentId.split("/");
  const requester = s.requester ?? { attributes: {} };
  let outcome: RunResult;
  try {
    outcome = await deps.ports.get(ports.appComponents).run(spec.componentId, s.parameters ?? {}, {
      acl: spec.acl,
      grantors: grantorsOf(row.app_id !== null, writer, s.trigger === "schedule" ? requester : undefined),
      requester,
      who: { ...who, appId, componentId },
      runId: made,
      // Checked now (the run fails at once on a bad one), scheduled only once the run succeeded.
      onEmit: async (effect, caller) => {
        emitted.push({
          ...(await jobs.prepare(
            { definitionId: effect.definition, parameters: effect.parameters, uniqueKey: effect.uniqueKey },
            writerOf(caller),
            "self",
          )),
          at: effect.at,
        });
      },
    });
  } catch (e) {
    // A grantor deleted or suspended since: what it handed on ends, and the job says why.
    if (!isDomainError(e) || e.code !== "FORBIDDEN") throw e;
    await together();
    await execute({ type: "fail", attempt, error: `FORBIDDEN: ${e.message}`, at: at() });
    return ended;
  }
  const finishedAt = clock.now();
  await together();
  if (!outcome.ok) {
    const again = RETRIED_FAILURES.has(outcome.error.code)
      ? retryAt(retryOf(spec.retry), s.errors.length + 1, finishedAt, Math.random())
      : undefined;
    await execute({
      type: "fail",
      attempt,
      error: describeFailure(outcome.error),
      at: finishedAt.toISOString(),
      ...(again ? { retryAt: again } : {}),
    });
    return ended;
  }
  const next: NextJob[] = emitted.map((e) => ({
    jobId: newId(),
    definitionId: e.definitionId,
    parameters: e.parameters,
    runAt: (e.at !== undefined ? resolveAt(e.at, finishedAt) : undefined) ?? finishedAt.toISOString(),
    requester: e.requester,
    ...(e.uniqueKey !== undefined ? { uniqueKey: e.uniqueKey } : {}),
  }));
  if (await execute({ type: "succeed", attempt, result: outcome.value, next, at: finishedAt.toISOString() }))
    await scheduleNext(jobs, id, next);
  return ended;
};

/**
 * The jobs a succeeded job asked for (`trigger: "self"`), with the ids its success recorded:
 * scheduling one twice is refused, so the worker and the reactor that redoes this after a crash
 * never make two; one whose uniqueKey a pending or running job holds is not made either.
 */
export const scheduleNext = async (jobs: JobService, jobId: string, next: readonly NextJob[]) => {
  for (const n of next) {
    try {
      await jobs.create(
        {
          definitionId: n.definitionId,
          parameters: n.parameters,
          runAt: n.runAt,
          trigger: "self",
          requester: n.requester,
          ...(n.uniqueKey !== undefined ? { uniqueKey: n.uniqueKey } : {}),
        },
        workerInitiator(jobId),
        n.jobId,
      );
    } catch (e) {
      if (isDomainError(e) && e.code === "CONFLICT") continue;
      throw e;
    }
  }
};
