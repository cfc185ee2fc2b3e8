import { GraphQueryAnswer } from "./responses.ts";
import { GraphQueryBody } from "./schemas.ts";

/** The graph context's one route (routes/graph-query.ts). */
export const graphOperations = [
  {
    operationId: "graphQuery",
    method: "post",
    path: "/resources/graph/query",
    summary: "Query identities (Shape A) or edges with the filter language (Shape B), over one snapshot",
    description:
      "Shape A `{resource, filters: [{field, op, value}], limit}` answers `{nodes}`; Shape B, an array of up to 10 `{edge, alias, filter, orderBy, count, node: {fields}, limit, after}`, answers `{<alias>: {nodes, count?, lastCursor}}`. Each edge needs `graph/<node>:query` (`graph:*` covers all), restricted fields `graph/<node>:field`; access attributes narrow every edge as its list. A filter syntax error is 400 VALIDATION_FAILED with its position; a query past GRAPH_TIMEOUT_MS is 400 QUERY_TOO_EXPENSIVE. See docs/GRAPH.md.",
    permission: "graph/<node>:query",
    success: 200,
    tags: ["graph"],
    requestBody: GraphQueryBody,
    response: GraphQueryAnswer,
  },
] as const;
