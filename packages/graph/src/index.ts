import { defineContext } from "@platform/platform";
import type { BoundedContext } from "@platform/platform";
import { createEdgeRegistry } from "./query/edges.ts";
import { graphQueryRoutes } from "./routes/graph-query.ts";

/**
 * The graph context: POST /resources/graph/query over the edges every context contributes
 * through its own index.ts (`graphEdges`), with the filter language of docs/GRAPH.md. It owns
 * no table; it knows the others' only through their edges.
 */
export const graphContext: BoundedContext = defineContext({
  name: "graph",
  routes: (deps) => graphQueryRoutes(deps, createEdgeRegistry(deps.graphEdges)),
});

export { graphContract } from "./contract/index.ts";
export { parseFilter } from "./filter/parse.ts";
export { FilterSyntaxError } from "./filter/ast.ts";
export type { FilterNode, Literal, Comparator } from "./filter/ast.ts";
