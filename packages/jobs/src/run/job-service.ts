import * as v from "valibot";
import { DomainError, attributesAllow, isDomainError, isUuid, newId } from "@platform/kernel";
import type { Caller, Clock, ValidationIssue } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { coalescedNotify, createBatchLoader } from "@platform/db";
import { ownRecord, plainObject, toIssues } from "@platform/http";
import { definePort } from "@platform/host";
import type { PlatformDeps } from "@platform/host";
import { UniqueKeySchema } from "@platform/ports";
import type { ComponentEffects } from "@platform/ports";
import { checkParameters, normaliseInstant } from "@platform/sandbox";
import type { Json } from "@platform/sandbox";
import { isDefinitionId } from "../definition/body.ts";
import type { JobRequest } from "../job/events.ts";
import type { JobState, JobTrigger, Requester } from "../job/state.ts";
import { toJobRecord } from "../read-model/job-record.ts";
import type { JobRecord, JobRow } from "../read-model/job-record.ts";
import { jobRow } from "../read-model/jobs-row.ts";
import { uniqueJobKey } from "../job/actor.ts";
import { findDefinitions } from "../read-model/queries.ts";
import type { DefinitionRow } from "../read-model/record.ts";
import { parseDefinition } from "../read-model/record.ts";
import { writerOf } from "../write/definition-writer.ts";
import { wakeChannel } from "./wake.ts";
import { MAX_DEPENDENCIES, checkDependencies, cycleError, settleDependencies } from "./dependencies.ts";
import { ports } from "@platform/ports";

/** A job ready to be scheduled: its definition exists, its parameters fit the component, the requester may see it. */
export type NewJob = JobRequest;

/** The body of `POST /resources/jobs`. */
export const JobBody = v.pipe(
  plainObject,
  v.strictObject({
    jobDefinitionId: v.pipe(
      v.string("must be a job definition id"),
      v.check(isDefinitionId, "must be a job definition id"),
    ),
    parameters: v.optional(v.pipe(plainObject, ownRecord(v.string(), v.unknown())), {}),
    runAt: v.optional(v.string("must be an ISO 8601 instant with a time zone")),
    uniqueKey: v.optional(
      v.pipe(
        UniqueKeySchema,
        v.description(
          "While a job of this definition with this key is pending or running, another is refused (409, details.jobId)",
        ),
      ),
    ),
    jobId: v.optional(
      v.pipe(
        v.string("must be a UUID"),
        v.check(isUuid, "must be a UUID"),
        v.toLowerCase(),
        v.description("The job's id, chosen by the caller (a batch's jobs name each other by it); default a new one"),
      ),
    ),
    dependsOn: v.optional(
      v.pipe(
        v.array(v.pipe(v.string("must be a job id"), v.check(isUuid, "must be a job id"), v.toLowerCase())),
        v.maxLength(MAX_DEPENDENCIES, `must hold at most ${MAX_DEPENDENCIES} job ids`),
        v.transform((ids) => [...new Set(ids)]),
        v.description("Jobs it waits for: it runs once every one has succeeded, and is cancelled if one does not"),
      ),
    ),
  }),
);

const invalid = (issues: ValidationIssue[]) => new DomainError("VALIDATION_FAILED", "The job is invalid", issues);

/**
 * Scheduling jobs, for every way one is made: `POST /resources/jobs`, a component's
 * `scheduleJob` effect, and (trigger `schedule`) a schedule's occurrence. Each checks the
 * definition and the parameters against its component's declaration before anything is stored.
 */
export const createJobService = (deps: PlatformDeps, clock: Clock) => {
  const workers = coalescedNotify(deps.db, wakeChannel(deps.db.schema));
  // The definitions a turn's jobs name, read in one query (a burst of jobs scheduled at once).
  const definitionOf = createBatchLoader<string, DefinitionRow>(
    async (ids) => new Map((await findDefinitions(deps.db.kysely, ids)).map((r) => [r.definition_id, r])),
    { oneAtATime: true },
  );

  /**
   * Checks a job before it is stored (`jobs/<definition>:schedule` is the caller's to check):
   * the definition, `runAt`, the parameters against the component's declaration, and that the
   * requester may see it (`parameters.channelKey` within its access attributes).
   */
  const prepare = async (
    input: {
      readonly definitionId: string;
      readonly parameters: Readonly<Record<string, unknown>>;
      readonly runAt?: string | undefined;
      readonly uniqueKey?: string | undefined;
      readonly dependsOn?: readonly string[] | undefined;
    },
    requester: Requester,
    trigger: JobTrigger,
  ): Promise<NewJob> => {
    const row = await definitionOf(input.definitionId);
    if (!row)
      throw invalid([{ path: "jobDefinitionId", message: `names no job definition ('${input.definitionId}')` }]);
    let runAt = clock.now().toISOString();
    if (input.runAt !== undefined) {
      const at = normaliseInstant(input.runAt);
      if (!at) throw invalid([{ path: "runAt", message: "must be an ISO 8601 instant with a time zone" }]);
      runAt = at;
    }
    const { spec } = parseDefinition(row);
    const component = await deps.ports
      .get(ports.appComponents)
      .resolve(spec.componentId, "jobDefinitionId")
      .catch((e: unknown) => {
        throw e instanceof DomainError
          ? invalid([{ path: "jobDefinitionId", message: `its component ${spec.componentId} is not installed` }])
          : e;
      });
    const checked = checkParameters(component.parameters, input.parameters);
    if (!checked.ok)
      throw invalid(
        checked.issues.map((i) => ({ ...i, path: i.path === "(parameters)" ? "parameters" : `parameters.${i.path}` })),
      );
    const parameters = checked.value as Record<string, Json>;
    const channelKey = typeof parameters.channelKey === "string" ? parameters.channelKey : undefined;
    if (!attributesAllow(requester, { channelKey }))
      throw new DomainError("FORBIDDEN", "Outside your access attributes (parameters.channelKey)");
    return {
      definitionId: input.definitionId,
      parameters,
      runAt,
      trigger,
      requester,
      ...(input.uniqueKey !== undefined ? { uniqueKey: input.uniqueKey } : {}),
      ...(input.dependsOn?.length ? { dependsOn: input.dependsOn } : {}),
    };
  };

  /**
   * Records the job (its id chosen by the caller when it must be idempotent) and wakes the
   * workers; its id. `readYourWrites: false` returns without waiting for the read models (and
   * so without waking the workers: the caller does, with `wakeWorkers`, once they show its jobs).
   */
  const create = async (
    job: NewJob,
    who: Initiator,
    jobId = newId(),
    options: { readonly readYourWrites?: boolean } = {},
  ): Promise<string> => (await record(job, who, jobId, options)).jobId;

  /** `create`, answering the job as the API shows it: the row the append wrote, built from the same state. */
  const record = async (
    job: NewJob,
    who: Initiator,
    jobId = newId(),
    options: { readonly readYourWrites?: boolean } = {},
  ): Promise<JobRecord> => {
    const scheduled = await scheduleOnce(job, who, jobId, options);
    // What it depends on learns of it; one that already ended tells it now (the answer shows it pending or cancelled).
    const done = (job.dependsOn && (await settleDependencies(deps, clock, jobId, job.dependsOn, who))) || scheduled;
    if (options.readYourWrites !== false) workers.notify();
    const row = jobRow(jobId, done.state as JobState, done.version);
    if (!row) throw new DomainError("INTERNAL", "The job was scheduled but has no state");
    return toJobRecord(row as unknown as JobRow);
  };

  /**
   * Appends the job. A unique job whose key another pending or running job holds is refused
   * with that job's id; when the holder let the key go between the refusal and the lookup, the
   * append is tried again.
   */
  const scheduleOnce = async (
    job: NewJob,
    who: Initiator,
    jobId: string,
    options: { readonly readYourWrites?: boolean },
  ) => {
    for (let tries = 0; ; tries++) {
      try {
        return await deps.runtime.execute(
          "job",
          jobId,
          [{ type: "schedule", ...job, at: clock.now().toISOString() }],
          who,
          { existence: "new", ...options },
        );
      } catch (e) {
        if (job.uniqueKey === undefined || !isDomainError(e) || e.code !== "CONFLICT") throw e;
        const holder = await deps.store.lookupKey("job:unique", uniqueJobKey(job.definitionId, job.uniqueKey));
        if (holder === null && tries < 3) continue;
        if (holder === null || holder === `job-${jobId}`) throw e;
        throw new DomainError(
          "CONFLICT",
          `A job of ${job.definitionId} with uniqueKey '${job.uniqueKey}' is pending or running`,
          { jobId: holder.slice("job-".length) },
        );
      }
    }
  };

  /** `POST /resources/jobs` for this caller: FORBIDDEN without `jobs/<definition>:schedule`. */
  const scheduleApi = async (caller: Caller, body: unknown, who: Initiator): Promise<JobRecord> => {
    const r = v.safeParse(JobBody, body);
    if (!r.success) throw invalid(toIssues(r.issues));
    const input = r.output;
    const definitionId = input.jobDefinitionId;
    if (!caller.can(`jobs/${definitionId}`, "schedule"))
      throw new DomainError("FORBIDDEN", `Requires jobs/${definitionId}:schedule`);
    const jobId = input.jobId ?? newId();
    if (input.dependsOn?.includes(jobId)) throw cycleError([jobId, jobId], "dependsOn");
    const job = await prepare({ ...input, definitionId }, writerOf(caller), "api");
    if (input.dependsOn) await checkDependencies(deps, caller, input.dependsOn, new Set());
    return record(job, who, jobId);
  };

  /**
   * A component's `ctx.emit({effect: "scheduleJob"})` outside a job (an ingress run): at once, as
   * the run's caller. One whose uniqueKey a pending or running job holds makes nothing: that job
   * is the one it asks for.
   */
  const effects: ComponentEffects = {
    async scheduleJob(effect, source) {
      const job = await prepare(
        {
          definitionId: effect.definition,
          parameters: effect.parameters,
          runAt: effect.runAt,
          uniqueKey: effect.uniqueKey,
        },
        writerOf(source.caller),
        "self",
      );
      try {
        await create(job, source.who);
      } catch (e) {
        if (job.uniqueKey !== undefined && isDomainError(e) && e.code === "CONFLICT") return;
        throw e;
      }
    },
  };

  return {
    prepare,
    create,
    scheduleApi,
    effects,
    wakeWorkers: () => workers.notify(),
    close: () => workers.cancel(),
  };
};

export type JobService = ReturnType<typeof createJobService>;
/** The context's own handle on its job service (setup makes it; routes, tasks and reactors use it). */
export const jobServiceKey = definePort<JobService>("jobs.service");
