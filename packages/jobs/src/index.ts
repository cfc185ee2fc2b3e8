import { jobsContract } from "./contract/index.ts";
import { Hono } from "hono";
import { systemClock } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import type { RecordedEvent } from "@platform/event-store";
import { jobsEdge, jobDefinitionsEdge } from "./read-model/graph-edges.ts";
import { defineContext } from "@platform/host";
import type { BoundedContext } from "@platform/host";
import type { PlatformDeps } from "@platform/host";
import { manifestDefinitionsCheck } from "./app-definitions/manifest-definitions.ts";
import { APP_EVENT_TYPES, syncAppDefinitions } from "./app-definitions/sync.ts";
import { jobDefinitionActor } from "./definition/actor.ts";
import { jobsMigrations } from "./read-model/migrations.ts";
import { jobActor } from "./job/actor.ts";
import { jobQueueActor } from "./queue/actor.ts";
import { queuesProjection } from "./read-model/queues-projection.ts";
import { jobQueueRoutes } from "./routes/job-queues.ts";
import type { JobEvent } from "./job/events.ts";
import { definitionsProjection } from "./read-model/projection.ts";
import { jobsProjection } from "./read-model/jobs-projection.ts";
import { jobDefinitionRoutes } from "./routes/job-definitions.ts";
import { jobRoutes } from "./routes/jobs.ts";
import { statisticsRoutes } from "./routes/statistics.ts";
import { createJobService, jobServiceKey } from "./run/job-service.ts";
import { createJobWorker } from "./run/job-worker.ts";
import { createRetentionTask } from "./run/retention.ts";
import { scheduleNext } from "./run/run-job.ts";
import { createScheduler } from "./schedule/scheduler.ts";
import { createQueueDepthSampler } from "./statistics/queue-depth.ts";
import { declareJobsMetrics } from "./statistics/jobs-metrics.ts";
import { createDefinitionWriter } from "./write/definition-writer.ts";
import { ports } from "@platform/ports";
import { createDependencySweep } from "./run/dependency-sweep.ts";
import { tellDependents } from "./run/dependencies.ts";

export type { DefinitionRecord } from "./read-model/record.ts";
export type { JobRecord } from "./read-model/job-record.ts";
export type { JobQueueRecord } from "./read-model/queue-queries.ts";
export type { Schedule } from "./schedule/cron.ts";
export type { StatisticsBucket } from "./statistics/statistics-queries.ts";
export { jobsContract } from "./contract/index.ts";

const isAppEvent = (type: string) => (APP_EVENT_TYPES as readonly string[]).includes(type);

const serviceOf = (deps: PlatformDeps) => deps.ports.get(jobServiceKey);

/**
 * The jobs context: job definitions (an actor each, `/resources/job-definitions`), their cron
 * schedules, and the definitions apps bring in their manifests; jobs (an actor each,
 * `/resources/jobs`), the workers that run them, self-scheduling and retention; per-minute
 * statistics per definition (`/resources/jobs/statistics`); queues paused and resumed
 * (`/resources/job-queues`). `clock` is "now"
 * for schedules, jobs and leases (tests inject one).
 */
export type JobsContextOptions = {
  readonly clock?: Clock;
  /** Whether this context's worker side runs the scheduler (default true; tests drive their own). */
  readonly scheduler?: boolean;
  /** How often the scheduler looks for due occurrences besides being woken (default 1000 ms). */
  readonly schedulerIntervalMs?: number;
};

export const createJobsContext = (options: JobsContextOptions = {}): BoundedContext => {
  const clock = options.clock ?? systemClock;
  return defineContext({
    name: "jobs",
    requires: [ports.authenticator, ports.appComponents],
    provides: [ports.appJobDefinitions, ports.componentEffects],
    contract: jobsContract,
    migrations: jobsMigrations,
    actors: [jobDefinitionActor, jobActor, jobQueueActor],
    projections: [definitionsProjection, jobsProjection, queuesProjection],
    graphEdges: [jobsEdge, jobDefinitionsEdge],
    metrics: declareJobsMetrics,
    setup: (deps) => {
      deps.ports.provide(ports.appJobDefinitions, manifestDefinitionsCheck(deps.db.kysely, clock));
      const jobs = createJobService(deps, clock);
      deps.ports.provide(jobServiceKey, jobs);
      deps.ports.provide(ports.componentEffects, jobs.effects);
    },
    // An app's definitions follow it before its PUT answers; the reactor redoes it (idempotently) after a crash in
    // between.
    rules: (deps) => [
      {
        name: "jobs.app-definitions",
        actorType: "app",
        hook: "journalWritten",
        handle: async ({ events }: { readonly events: readonly RecordedEvent[] }) => {
          for (const e of events) if (isAppEvent(e.type)) await syncAppDefinitions(deps, e);
        },
      },
    ],
    reactors: (deps) => [
      { name: "jobs.app-definitions", eventTypes: APP_EVENT_TYPES, handle: (e) => syncAppDefinitions(deps, e) },
      // A succeeded job's `scheduleJob` effects, and the jobs waiting for an ended one, made or told by whoever ended
      // it at once; redone (idempotently) after a crash in between. One reactor (named for its first task) reads the
      // ends of jobs once for both.
      {
        name: "jobs.self-scheduling",
        eventTypes: ["JobSucceeded", "JobFailed", "JobCancelled"],
        // Its worker made them at once: a burst of successes is read in a few pages, not one per append.
        settleMs: 200,
        handle: async (e) => {
          const jobId = e.streamId.slice("job-".length);
          const data = e.data as Extract<JobEvent, { type: "JobSucceeded" }>["data"];
          if (e.type === "JobSucceeded" && data.next?.length) await scheduleNext(serviceOf(deps), jobId, data.next);
          if (await tellDependents(deps, clock, jobId, [e])) serviceOf(deps).wakeWorkers();
        },
      },
    ],
    routes: (deps) =>
      new Hono()
        .route("/", jobDefinitionRoutes(deps, createDefinitionWriter(deps, clock), clock))
        // Before /resources/jobs/{jobId}, which would take "statistics" for an id.
        .route("/", statisticsRoutes(deps, clock))
        .route("/", jobRoutes(deps, serviceOf(deps), clock))
        .route("/", jobQueueRoutes(deps, serviceOf(deps), clock)),
    tasks: (deps) => [
      createJobWorker(deps, clock, serviceOf(deps)),
      ...(options.scheduler === false
        ? []
        : [createScheduler(deps, clock, serviceOf(deps), { intervalMs: options.schedulerIntervalMs })]),
      createRetentionTask(deps, clock),
      createDependencySweep(deps, clock),
      createQueueDepthSampler(deps, clock),
    ],
    close: async (deps) => serviceOf(deps).close(),
  });
};

export const jobsContext = createJobsContext();
