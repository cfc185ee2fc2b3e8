import { GraphFieldRecord, GraphQueryAnswer } from "./responses.ts";
import { FieldPutBody, GraphQueryBody } from "./schemas.ts";

const FIELD = "/resources/registry/graph/{node}/fields/{name}";

/** The graph context's one route (routes/graph-query.ts). */
export const graphOperations = [
  {
    operationId: "graphQuery",
    method: "post",
    path: "/resources/graph/query",
    summary: "Query identities (Shape A) or edges with the filter language (Shape B), over one snapshot",
    description:
      "Shape A `{resource, filters: [{field, op, value}], limit}` answers `{nodes}`; Shape B, an " +
      "array of up to 10 `{edge, alias, filter, orderBy, count, node: {fields}, limit, after}`, " +
      "answers `{<alias>: {nodes, count?, lastCursor}}`. Each edge needs `graph/<node>:query` " +
      "(`graph:*` covers all), restricted fields `graph/<node>:field`; access attributes narrow " +
      "every edge as its list. A filter syntax error is 400 VALIDATION_FAILED with its position; " +
      "a query past GRAPH_TIMEOUT_MS is 400 QUERY_TOO_EXPENSIVE. See docs/GRAPH.md.",
    permission: "graph/<node>:query",
    success: 200,
    tags: ["graph"],
    requestBody: GraphQueryBody,
    requestExample: [
      {
        edge: "orders",
        alias: "recent",
        filter: 'currencyCode == "SEK"',
        orderBy: "createdAt desc",
        count: true,
        node: { fields: ["orderNumber", "createdAt"] },
        limit: 10,
      },
    ],
    response: GraphQueryAnswer,
  },
  {
    operationId: "putGraphField",
    method: "put",
    path: FIELD,
    summary:
      "Register (201) or redefine (200) a custom graph field: spec.value {type, source}; its " +
      "index is built after the answer (status.index building, then ready)",
    description:
      "node: sending, job, order or principal. The name may not shadow a built-in field (400). " +
      "The field is selected, filtered and ordered like a built-in one, and always needs " +
      "graph/<node>:field. If-Match optional. See docs/GRAPH.md, Custom fields.",
    permission: "registry/graph/<node>:write",
    success: 201,
    alsoSuccess: [200],
    tags: ["graph"],
    requestBody: FieldPutBody,
    requestExample: { spec: { value: { type: "text", source: "dynamic.region" } } },
    response: GraphFieldRecord,
    ifMatch: "optional",
    etag: true,
  },
  {
    operationId: "getGraphField",
    method: "get",
    path: FIELD,
    summary: "Read a custom graph field with the state of its index",
    permission: "registry/graph/<node>:read or graph/<node>:query",
    success: 200,
    tags: ["graph"],
    response: GraphFieldRecord,
    etag: true,
  },
  {
    operationId: "deleteGraphField",
    method: "delete",
    path: FIELD,
    summary: "Delete a custom graph field; its index is dropped after the answer",
    permission: "registry/graph/<node>:delete",
    success: 204,
    tags: ["graph"],
    ifMatch: "optional",
  },
  {
    operationId: "listGraphFields",
    method: "get",
    path: "/resources/registry/graph/{node}/fields",
    summary: "List a node's custom graph fields by name",
    permission: "registry/graph/<node>:read or graph/<node>:query",
    success: 200,
    tags: ["graph"],
    list: "fields",
    item: GraphFieldRecord,
  },
] as const;
