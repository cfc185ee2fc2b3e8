import { defineActor } from "@platform/actor-runtime";
import type { JobDefinitionCommand } from "./commands.ts";
import { decideJobDefinition } from "./decide.ts";
import type { JobDefinitionEvent } from "./events.ts";
import { jobDefinitionEventTypes } from "./events.ts";
import { evolveJobDefinition, initialJobDefinitionState } from "./state.ts";
import type { JobDefinitionState } from "./state.ts";

/**
 * The job definition actor: type `job-definition`, addressed by its definition id (which may
 * hold `/`). Kept off the generic actor API: definitions are guarded by `job-definitions:*`.
 */
export const jobDefinitionActor = defineActor<JobDefinitionState, JobDefinitionCommand, JobDefinitionEvent>({
  type: "job-definition",
  decider: { decide: decideJobDefinition, evolve: evolveJobDefinition, initialState: initialJobDefinitionState },
  messages: {},
  exists: (s) => s.status === "active",
  naturalKeys: { definitionId: { of: (s) => s.definitionId } },
  lifecycle: { created: ["JobDefinitionCreated"], deleted: ["JobDefinitionDeleted", "JobDefinitionWithdrawn"] },
  eventTypes: jobDefinitionEventTypes,
  typeReadableBy: (reader) => reader.can("job-definitions", "read"),
  identifiers: (id, s) => ({ id, ...(s.definitionId ? { jobDefinitionId: s.definitionId } : {}) }),
  view: (s) => ({
    jobDefinitionId: s.definitionId,
    status: s.status,
    origin: s.origin,
    ...(s.appId ? { appId: s.appId } : {}),
    spec: s.spec,
    override: s.override,
  }),
  actorApi: false,
  readableBy: (reader) => reader.can("job-definitions", "read"),
});
