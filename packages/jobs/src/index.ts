import { Hono } from "hono";
import { systemClock } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import type { RecordedEvent } from "@platform/event-store";
import { defineContext } from "@platform/platform";
import type { BoundedContext } from "@platform/platform";
import { appJobDefinitionsKey } from "@platform/apps";
import { manifestDefinitionsCheck } from "./app-definitions/manifest-definitions.ts";
import { APP_EVENT_TYPES, syncAppDefinitions } from "./app-definitions/sync.ts";
import { jobDefinitionActor } from "./definition/actor.ts";
import { jobsMigrations } from "./read-model/migrations.ts";
import { definitionsProjection } from "./read-model/projection.ts";
import { jobDefinitionRoutes } from "./routes/job-definitions.ts";
import { createDefinitionWriter } from "./write/definition-writer.ts";

export type { DefinitionRecord } from "./read-model/record.ts";
export type { Schedule } from "./schedule/cron.ts";
export { jobsContract } from "./contract/index.ts";

const isAppEvent = (type: string) => (APP_EVENT_TYPES as readonly string[]).includes(type);

/**
 * The jobs context: job definitions (an actor each, `/resources/job-definitions`), their cron
 * schedules, and the definitions apps bring in their manifests. `clock` is "now" for schedules
 * (tests inject one).
 */
export const createJobsContext = (options: { readonly clock?: Clock } = {}): BoundedContext => {
  const clock = options.clock ?? systemClock;
  return defineContext({
    name: "jobs",
    migrations: jobsMigrations,
    actors: [jobDefinitionActor],
    projections: [definitionsProjection],
    setup: (deps) => deps.services.provide(appJobDefinitionsKey, manifestDefinitionsCheck(clock)),
    // An app's definitions follow it before its PUT answers; the reactor redoes it (idempotently) after a crash in between.
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
    reactors: (deps) => [{ name: "jobs.app-definitions", eventTypes: APP_EVENT_TYPES, handle: (e) => syncAppDefinitions(deps, e) }],
    routes: (deps) => new Hono().route("/", jobDefinitionRoutes(deps, createDefinitionWriter(deps, clock), clock)),
  });
};

export const jobsContext = createJobsContext();
