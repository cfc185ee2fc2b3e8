import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";
import type { JobDefinitionEvent } from "../definition/events.ts";
import { jobDefinitionEventTypes } from "../definition/events.ts";

/**
 * jobs_definitions: one row per definition in effect, for GET, the list and the scheduler. An
 * app-provided one keeps the author's fields in `spec` and a tenant's override beside them;
 * `queue`, `max_concurrency` and `job_limit` hold the values in effect, for the workers' claims.
 */
export const definitionsProjection: Projection = {
  name: "job-definitions",
  eventTypes: jobDefinitionEventTypes,
  apply: async (trx, events) => {
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as JobDefinitionEvent;
      const actorId = recorded.streamId.slice("job-definition-".length);
      const at = recorded.metadata.at;
      const touch = { version: recorded.version, updated_at: at };
      switch (e.type) {
        case "JobDefinitionCreated":
        case "JobDefinitionProvided": {
          const row = {
            spec: JSON.stringify(e.data.spec),
            writer: JSON.stringify(e.data.writer),
            app_id: e.type === "JobDefinitionProvided" ? e.data.appId : null,
            ...touch,
          };
          await trx
            .insertInto("jobs_definitions")
            .values({ definition_id: e.data.definitionId, actor_id: actorId, ...row, override: null, created_at: at })
            .onConflict((oc) => oc.column("definition_id").doUpdateSet(row))
            .execute();
          break;
        }
        case "JobDefinitionChanged":
          await trx
            .updateTable("jobs_definitions")
            .set({ spec: JSON.stringify(e.data.spec), writer: JSON.stringify(e.data.writer), ...touch })
            .where("actor_id", "=", actorId)
            .execute();
          break;
        case "JobDefinitionOverridden":
          await trx
            .updateTable("jobs_definitions")
            .set({
              override: Object.keys(e.data.override).length ? JSON.stringify(e.data.override) : null,
              // An override that leaves the schedule's author as it was keeps the recorded one.
              ...(Object.keys(e.data.override).length === 0
                ? { overrider: null }
                : e.data.overrider
                  ? { overrider: JSON.stringify(e.data.overrider) }
                  : {}),
              ...touch,
            })
            .where("actor_id", "=", actorId)
            .execute();
          break;
        case "JobDefinitionDeleted":
        case "JobDefinitionWithdrawn":
          await trx.deleteFrom("jobs_definitions").where("actor_id", "=", actorId).execute();
          continue;
      }
      // What the workers claim by: the effective queue and maxConcurrency (an override's key wins, even as null).
      await trx
        .updateTable("jobs_definitions")
        .set({
          queue: sql`coalesce(CASE WHEN override ? 'queue' THEN override->>'queue' ELSE spec->>'queue' END, 'default')`,
          max_concurrency: sql`(CASE WHEN override ? 'maxConcurrency' THEN override->>'maxConcurrency'
                                     ELSE spec->>'maxConcurrency' END)::int`,
          job_limit: sql`nullif(CASE WHEN override ? 'limit' THEN override->'limit' ELSE spec->'limit' END,
                                'null'::jsonb)`,
        })
        .where("actor_id", "=", actorId)
        .execute();
    }
  },
  reset: async (trx) => void (await trx.deleteFrom("jobs_definitions").execute()),
};
