import * as v from "valibot";
import type { JobDefinitionEvent } from "../definition/events.ts";
import type { JobEvent } from "../job/events.ts";
import type { JobQueueEvent } from "../queue/events.ts";

type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = {
  readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]>;
};

const schedule = v.object({ cron: v.string(), timeZone: v.optional(v.string()) });
const spec = v.object({
  componentId: v.pipe(v.string(), v.description("<appId>/<componentId>")),
  queue: v.nullable(v.string()),
  maxConcurrency: v.nullable(v.number()),
  limit: v.optional(
    v.nullable(v.object({ key: v.string(), concurrency: v.optional(v.number()), perMinute: v.optional(v.number()) })),
  ),
  schedules: v.array(schedule),
  scheduleSuspended: v.boolean(),
  scheduleConcurrency: v.picklist(["forbid", "allow"]),
  scheduleStartingDeadlineSeconds: v.nullable(v.number()),
  acl: v.array(v.string()),
  retry: v.optional(v.object({ maxAttempts: v.number(), backoffSeconds: v.number(), maxBackoffSeconds: v.number() })),
});
const writer = v.object({
  principalId: v.optional(v.string()),
  clientId: v.optional(v.string()),
  attributes: v.record(v.string(), v.array(v.string())),
});
const override = v.partial(
  v.pick(spec, [
    "queue",
    "maxConcurrency",
    "limit",
    "schedules",
    "scheduleSuspended",
    "scheduleConcurrency",
    "scheduleStartingDeadlineSeconds",
    "retry",
  ]),
);

const requester = writer;
const json = v.pipe(v.unknown(), v.description("any JSON value"));
const parameters = v.record(v.string(), json);
const uniqueKey = v.optional(
  v.pipe(
    v.string(),
    v.description("Held while the job is pending or running: no other job of its definition takes it"),
  ),
);
const dependents = v.optional(
  v.pipe(v.array(v.string()), v.description("The jobs waiting for this one, each told how it ended")),
);
const next = v.object({
  jobId: v.string(),
  definitionId: v.string(),
  parameters,
  runAt: v.string(),
  requester,
  uniqueKey,
});

/**
 * The `data` of every event the job definition and job actors append (definition/events.ts, job/events.ts). Published
 * as schemas/events/jobs.json.
 */
export const jobEventSchemas = {
  JobDefinitionCreated: v.object({ definitionId: v.string(), spec, writer }),
  JobDefinitionChanged: v.object({ spec, writer }),
  JobDefinitionDeleted: v.object({ definitionId: v.string() }),
  JobDefinitionProvided: v.object({
    definitionId: v.string(),
    appId: v.string(),
    appVersion: v.number(),
    spec,
    writer,
  }),
  JobDefinitionOverridden: v.object({ override, overrider: v.optional(writer) }),
  JobDefinitionWithdrawn: v.object({ definitionId: v.string(), appId: v.string(), appVersion: v.number() }),
  JobScheduled: v.object({
    definitionId: v.string(),
    parameters,
    runAt: v.string(),
    trigger: v.picklist(["api", "schedule", "self"]),
    requester,
    occurrence: v.optional(v.string()),
    uniqueKey,
    dependsOn: v.optional(v.pipe(v.array(v.string()), v.description("Waiting until each of these jobs succeeded"))),
    batchId: v.optional(v.string()),
    createdAt: v.string(),
  }),
  JobStarted: v.object({
    attempt: v.number(),
    startedAt: v.string(),
    runId: v.optional(
      v.pipe(v.string(), v.description("The id of the component run this attempt makes (made before the run)")),
    ),
  }),
  JobSucceeded: v.object({ finishedAt: v.string(), result: json, next: v.optional(v.array(next)), dependents }),
  JobAttemptFailed: v.object({
    attempt: v.number(),
    failedAt: v.string(),
    error: v.string(),
    retryAt: v.pipe(v.string(), v.description("When the next attempt is due")),
  }),
  JobFailed: v.object({ finishedAt: v.string(), error: v.string(), attempt: v.optional(v.number()), dependents }),
  JobCancelled: v.object({
    cancelledAt: v.string(),
    reason: v.optional(v.pipe(v.string(), v.description("dependency <jobId> <how it ended>; absent: DELETE"))),
    dependents,
  }),
  JobDependentAdded: v.object({ jobId: v.pipe(v.string(), v.description("The job that now waits for this one")) }),
  JobDependencyMet: v.object({
    dependencyId: v.string(),
    metAt: v.string(),
    waitingFor: v.pipe(v.array(v.string()), v.description("The dependencies not yet met; []: pending now")),
  }),
  JobExpired: v.object({ expiredAt: v.string() }),
  JobQueuePaused: v.object({ queue: v.string(), pausedAt: v.string() }),
  JobQueueResumed: v.object({ queue: v.string(), resumedAt: v.string() }),
} as unknown as EventDataSchemas<JobDefinitionEvent | JobEvent | JobQueueEvent>;
