import * as v from "valibot";
import { DomainError, newId } from "@platform/kernel";
import type { Caller, Clock, ValidationIssue } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import type { PlatformDeps } from "@platform/host";
import { plainObject, toIssues } from "@platform/http";
import type { JobState } from "../job/state.ts";
import { toJobRecord } from "../read-model/job-record.ts";
import type { JobRecord, JobRow } from "../read-model/job-record.ts";
import { jobRow } from "../read-model/jobs-row.ts";
import { uniqueJobKey } from "../job/actor.ts";
import { writerOf } from "../write/definition-writer.ts";
import { checkDependencies, cycleError, findCycle, settleDependencies } from "./dependencies.ts";
import { JobBody } from "./job-service.ts";
import type { JobService, NewJob } from "./job-service.ts";

/** The most jobs one batch makes. */
export const MAX_BATCH = 1000;

/** The body of `POST /resources/jobs/batch`. */
export const JobBatchBody = v.pipe(
  plainObject,
  v.strictObject({
    jobs: v.pipe(
      v.array(v.unknown(), "must be an array of jobs"),
      v.minLength(1, "must hold at least one job"),
      v.maxLength(MAX_BATCH, `must hold at most ${MAX_BATCH} jobs`),
    ),
  }),
);

const invalid = (issues: ValidationIssue[]) => new DomainError("VALIDATION_FAILED", "The batch is invalid", issues);

/**
 * `POST /resources/jobs/batch`: every job checked as POST /resources/jobs checks one (its definition's `schedule`
 * permission first), then all made in one atomic append, or none. Jobs of the batch name each other in `dependsOn` by
 * the `jobId` they choose; a cycle among them is refused. Each job carries the batch's id.
 */
export const scheduleBatch = async (
  deps: PlatformDeps,
  clock: Clock,
  jobs: JobService,
  caller: Caller,
  body: unknown,
  who: Initiator,
): Promise<{ batchId: string; jobs: JobRecord[] }> => {
  const outer = v.safeParse(JobBatchBody, body);
  if (!outer.success) throw invalid(toIssues(outer.issues));
  const issues: ValidationIssue[] = [];
  const items = outer.output.jobs.map((item, i) => {
    const r = v.safeParse(JobBody, item);
    if (!r.success) issues.push(...toIssues(r.issues).map((x) => ({ ...x, path: `jobs.${i}.${x.path}` })));
    return r.success ? r.output : undefined;
  });
  if (issues.length > 0) throw invalid(issues);
  const bodies = items.map((x) => x!);
  for (const b of new Set(bodies.map((x) => x.jobDefinitionId)))
    if (!caller.can(`jobs/${b}`, "schedule")) throw new DomainError("FORBIDDEN", `Requires jobs/${b}:schedule`);

  const ids = bodies.map((b) => b.jobId ?? newId());
  const made = new Set<string>();
  ids.forEach((id, i) => {
    const message = `is the id of another job of the batch ('${id}')`;
    if (made.has(id)) issues.push({ path: `jobs.${i}.jobId`, message });
    made.add(id);
  });
  // One uniqueKey of a definition is held by one job: two of a batch would refuse the whole batch, naming neither.
  const keys = new Map<string, number>();
  bodies.forEach((b, i) => {
    if (b.uniqueKey === undefined) return;
    const key = uniqueJobKey(b.jobDefinitionId, b.uniqueKey);
    const first = keys.get(key);
    if (first !== undefined)
      issues.push({
        path: `jobs.${i}.uniqueKey`,
        message: `is the uniqueKey of jobs.${first}, of the same definition`,
      });
    else keys.set(key, i);
  });
  if (issues.length > 0) throw invalid(issues);
  const cycle = findCycle(new Map(ids.map((id, i) => [id, bodies[i]!.dependsOn ?? []])));
  if (cycle) throw cycleError(cycle, `jobs.${ids.indexOf(cycle[0]!)}.dependsOn`);

  const requester = writerOf(caller);
  // Checked together (a definition's row and component are read once for all its jobs); the first refusal in the
  // batch's order is the answer.
  const checked = await Promise.allSettled(
    bodies.map(async (b, i) => {
      const job = await jobs.prepare({ ...b, definitionId: b.jobDefinitionId }, requester, "api");
      if (b.dependsOn) await checkDependencies(deps, caller, b.dependsOn, made, `jobs.${i}.`);
      return job;
    }),
  );
  const prepared: NewJob[] = [];
  for (const [i, r] of checked.entries()) {
    if (r.status === "fulfilled") {
      prepared.push(r.value);
      continue;
    }
    const e: unknown = r.reason;
    if (e instanceof DomainError && e.code === "VALIDATION_FAILED" && Array.isArray(e.details))
      throw invalid((e.details as ValidationIssue[]).map((x) => ({ ...x, path: prefixed(x.path, i) })));
    throw e;
  }

  const batchId = newId();
  const at = clock.now().toISOString();
  const done = await deps.runtime
    .executeNew(
      "job",
      prepared.map((job, i) => ({ id: ids[i]!, commands: [{ type: "schedule", ...job, batchId, at }] })),
      who,
    )
    .catch(async (e: unknown) => {
      throw await namingHolder(deps, prepared, e);
    });
  // What each depends on learns of it (a dependency made in the batch exists now).
  await Promise.all(
    done.map(async (d, i) => {
      const dependsOn = prepared[i]!.dependsOn;
      if (dependsOn) await settleDependencies(deps, clock, d.id, dependsOn, who);
    }),
  );
  jobs.wakeWorkers();
  // Read back: dependents were added to the batch's jobs, and dependencies met, since their append answered.
  const latest = await Promise.all(ids.map((id) => deps.runtime.load("job", id)));
  return {
    batchId,
    jobs: latest.map((l, i) => toJobRecord(jobRow(ids[i]!, l.state as JobState, l.version) as unknown as JobRow)),
  };
};

/**
 * A batch refused because a uniqueKey it asks for is held, answered as POST /resources/jobs answers it: naming the
 * pending or running job that holds it (`details.jobId`). Another refusal stays as it was.
 */
const namingHolder = async (deps: PlatformDeps, prepared: readonly NewJob[], e: unknown): Promise<unknown> => {
  if (!(e instanceof DomainError) || e.code !== "CONFLICT") return e;
  for (const [i, job] of prepared.entries()) {
    if (job.uniqueKey === undefined) continue;
    const holder = await deps.store.lookupKey("job:unique", uniqueJobKey(job.definitionId, job.uniqueKey));
    if (holder)
      return new DomainError(
        "CONFLICT",
        `A job of ${job.definitionId} with uniqueKey '${job.uniqueKey}' is pending or running (jobs.${i})`,
        { jobId: holder.slice("job-".length) },
      );
  }
  return e;
};

/** A job's own issue path as the batch names it. */
const prefixed = (path: string, i: number) => (path.startsWith("jobs.") ? path : `jobs.${i}.${path}`);
