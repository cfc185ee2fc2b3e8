import * as v from "valibot";
import { CUSTOM_FIELD_TYPES } from "../custom/source.ts";

/*
 * What POST /resources/graph/query answers (routes/graph-query.ts, query/execute.ts). A node
 * holds the fields the query selected (`node.fields`, or every unrestricted field of the edge):
 * instants as ISO 8601 strings, numbers as numbers, json fields as parsed JSON.
 */

/** One node: the selected fields of one record by name. */
const GraphNode = v.pipe(
  v.record(v.string(), v.unknown()),
  v.description(
    "The selected fields of one record (node.fields, or every unrestricted field of the edge); " +
      "instants are ISO 8601 strings, null where a field has no value",
  ),
);

/** Shape A (`{resource, filters, limit}`): the matching nodes, without a cursor. */
const ResourceAnswer = v.object({
  nodes: v.pipe(v.array(GraphNode), v.description("At most `limit` (default 50) nodes in the edge's default order")),
});

/** One Shape B query's answer: a page of its edge (section 3's cursor, without the list envelope). */
export const EdgeAnswer = v.object({
  nodes: v.pipe(v.array(GraphNode), v.description("At most `limit` (default 50) nodes in the query's order")),
  count: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.description(
        "Every node the filter matches (within the caller's access), only when the query asked for " +
          "count; past GRAPH_EXACT_COUNT_MAX the planner's estimate",
      ),
    ),
  ),
  countEstimated: v.optional(
    v.pipe(
      v.boolean(),
      v.description(
        "With count: true when count is the planner's estimate (more rows matched than " +
          "GRAPH_EXACT_COUNT_MAX), false when exact",
      ),
    ),
  ),
  lastCursor: v.pipe(
    v.nullable(v.string()),
    v.description("The last node's cursor, for the next page's `after`; null on an empty page"),
  ),
});

/**
 * Shape B (an array of edge queries): each query's answer under its alias (default its edge), all over one snapshot.
 */
const EdgeAnswers = v.pipe(
  v.record(v.string(), EdgeAnswer),
  v.description("Each query's answer under its `alias` (default: its `edge`)"),
);

/**
 * The answer of POST /resources/graph/query: Shape A's `{nodes}` for an object body, Shape B's `{<alias>: {nodes,
 * count?, lastCursor}}` for an array.
 */
export const GraphQueryAnswer = v.union([ResourceAnswer, EdgeAnswers]);

/** A custom graph field (routes/fields.ts): its definition and the state of its index. */
export const GraphFieldRecord = v.object({
  node: v.pipe(v.string(), v.description("The node in the singular: sending, job, order, principal")),
  name: v.pipe(v.string(), v.description("The field's name in filters, orderBy and node.fields")),
  spec: v.object({ value: v.object({ type: v.picklist(CUSTOM_FIELD_TYPES), source: v.string() }) }),
  status: v.pipe(
    v.object({
      index: v.picklist(["building", "ready", "failed"]),
      indexName: v.string(),
      error: v.nullable(v.string()),
    }),
    v.description(
      "The expression index the field is queried through: building (the field already answers, " +
        "without it), ready, or failed with why",
    ),
  ),
  version: v.pipe(v.number(), v.integer()),
  etag: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
