import { graphContract } from "./contract/index.ts";
import { defineContext, serviceKey } from "@platform/platform";
import type { BoundedContext } from "@platform/platform";
import { createEdgeRegistry } from "./query/edges.ts";
import { createSnapshotRunner } from "./query/execute.ts";
import type { SnapshotRunner } from "./query/execute.ts";
import { graphQueryRoutes } from "./routes/graph-query.ts";

/** The graph's own (per platform): its snapshot runner and, on PostgreSQL, its pool. */
const snapshotsKey = serviceKey<SnapshotRunner>("graph.snapshots");

/**
 * The graph context: POST /resources/graph/query over the edges every context contributes
 * through its own index.ts (`graphEdges`), with the filter language of docs/GRAPH.md. It owns
 * no table; it knows the others' only through their edges.
 */
export const graphContext: BoundedContext = defineContext({
  name: "graph",
  contract: graphContract,
  setup: (deps) => deps.services.provide(snapshotsKey, createSnapshotRunner(deps.db, deps.config.graphTimeoutMs)),
  routes: (deps) => graphQueryRoutes(deps, createEdgeRegistry(deps.graphEdges), deps.services.get(snapshotsKey)),
  close: (deps) => deps.services.get(snapshotsKey).close(),
});

export { graphContract } from "./contract/index.ts";
export { parseFilter } from "./filter/parse.ts";
export { FilterSyntaxError } from "./filter/ast.ts";
export type { FilterNode, Literal, Comparator } from "./filter/ast.ts";
