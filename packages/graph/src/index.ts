import { Hono } from "hono";
import { graphContract } from "./contract/index.ts";
import { defineContext, definePort } from "@platform/host";
import type { BoundedContext } from "@platform/host";
import { ports } from "@platform/ports";
import { createFieldIndexer } from "./custom/indexer.ts";
import { createFieldRegistry } from "./custom/registry.ts";
import type { FieldRegistry } from "./custom/registry.ts";
import { graphFieldActor } from "./field/actor.ts";
import { createEdgeRegistry } from "./query/edges.ts";
import { createSnapshotRunner } from "./query/execute.ts";
import type { SnapshotRunner } from "./query/execute.ts";
import { graphMigrations } from "./read-model/migrations.ts";
import { graphFieldsProjection } from "./read-model/projection.ts";
import { fieldRoutes } from "./routes/fields.ts";
import { graphQueryRoutes } from "./routes/graph-query.ts";

/** The graph's own (per platform): its snapshot runner and, on PostgreSQL, its pool. */
const snapshotsKey = definePort<SnapshotRunner>("graph.snapshots");
/** The custom fields registered (cached), as the planner reads them. */
const fieldsKey = definePort<FieldRegistry>("graph.fields");

/**
 * The graph context: POST /resources/graph/query over the edges every context contributes
 * through its own index.ts (`graphEdges`), with the filter language of docs/GRAPH.md, and the
 * registry of custom fields over their custom data (`graph-field` actors, `graph_fields`, the
 * expression indexes the indexer builds). It knows the others' tables only through their edges.
 */
export const graphContext: BoundedContext = defineContext({
  name: "graph",
  requires: [ports.authenticator],
  contract: graphContract,
  migrations: graphMigrations,
  actors: [graphFieldActor],
  projections: [graphFieldsProjection],
  setup: (deps) => {
    deps.ports.provide(
      snapshotsKey,
      createSnapshotRunner(deps.db, deps.config.graphTimeoutMs, deps.config.graphExactCountMax),
    );
    deps.ports.provide(fieldsKey, createFieldRegistry(deps.db.kysely, deps.graphEdges));
  },
  reactors: (deps) => [createFieldIndexer(deps).reactor],
  routes: (deps) => {
    const fields = deps.ports.get(fieldsKey);
    return new Hono()
      .route("/", graphQueryRoutes(deps, createEdgeRegistry(deps.graphEdges), deps.ports.get(snapshotsKey), fields))
      .route("/", fieldRoutes(deps, fields));
  },
  close: (deps) => deps.ports.get(snapshotsKey).close(),
});

export { graphContract } from "./contract/index.ts";
export { parseFilter } from "./filter/parse.ts";
export { FilterSyntaxError } from "./filter/ast.ts";
export type { FilterNode, Literal, Comparator } from "./filter/ast.ts";
