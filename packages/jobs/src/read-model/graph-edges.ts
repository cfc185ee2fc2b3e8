import type { GraphEdge } from "@platform/host";

/**
 * The jobs context's graph edges (packages/graph). `jobs` is narrowed by `parameters.channelKey`
 * as the jobs list is; its `parameters` and `result` (free-form) need `graph/job:field`.
 * `jobDefinitions` shows each definition in effect (a tenant's override on top); like its list
 * it is not narrowed by access attributes (definitions carry none).
 */
export const jobsEdge: GraphEdge = {
  edge: "jobs",
  node: "job",
  from: "jobs_jobs",
  idField: "jobId",
  defaultOrder: "createdAt desc",
  access: { kind: "values", columns: { channelKey: "t.channel_key" } },
  customSources: { parameters: "parameters", result: "result" },
  fields: {
    jobId: { sql: "t.job_id", type: "text" },
    jobDefinitionId: { sql: "t.definition_id", type: "text" },
    status: { sql: "t.status", type: "text" },
    trigger: { sql: "t.trigger", type: "text" },
    runAt: { sql: "t.run_at", type: "instant" },
    createdAt: { sql: "t.created_at", type: "instant" },
    startedAt: { sql: "t.started_at", type: "instant", nullable: true },
    finishedAt: { sql: "t.finished_at", type: "instant", nullable: true },
    attempt: { sql: "t.attempt", type: "number" },
    error: { sql: "t.error", type: "text", nullable: true },
    channelKey: { sql: "t.channel_key", type: "text", nullable: true },
    parameters: { sql: "t.parameters", type: "json", restricted: true },
    result: { sql: "t.result", type: "json", restricted: true },
  },
};

/** A spec field in effect, as text: the override's when it sets one (a JSON null sets none). */
const effective = (name: string) => `coalesce(t.override ->> '${name}', t.spec ->> '${name}')`;

export const jobDefinitionsEdge: GraphEdge = {
  edge: "jobDefinitions",
  node: "jobDefinition",
  from: "jobs_definitions",
  idField: "jobDefinitionId",
  defaultOrder: "createdAt desc",
  access: { kind: "none" },
  fields: {
    jobDefinitionId: { sql: "t.definition_id", type: "text" },
    componentId: { sql: "t.spec ->> 'componentId'", type: "text" },
    appId: { sql: "t.app_id", type: "text", nullable: true },
    queue: { sql: "t.queue", type: "text" },
    maxConcurrency: { sql: "t.max_concurrency", type: "number", nullable: true },
    scheduleSuspended: { sql: `coalesce((${effective("scheduleSuspended")})::boolean, false)`, type: "boolean" },
    scheduleConcurrency: { sql: `coalesce(${effective("scheduleConcurrency")}, 'forbid')`, type: "text" },
    scheduleIsOverridden: { sql: "(t.override IS NOT NULL)", type: "boolean" },
    schedules: { sql: `coalesce((${effective("schedules")})::jsonb, '[]'::jsonb)`, type: "json" },
    createdAt: { sql: "t.created_at", type: "instant" },
    updatedAt: { sql: "t.updated_at", type: "instant" },
  },
};
