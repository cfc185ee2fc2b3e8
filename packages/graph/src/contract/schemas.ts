import * as v from "valibot";
import { CUSTOM_FIELD_TYPES } from "../custom/source.ts";
import { FILTER_MAX_LENGTH } from "../filter/ast.ts";

const Name = v.pipe(
  v.string(),
  v.minLength(1, "must not be empty"),
  v.maxLength(100, "must be at most 100 characters"),
);
const Limit = v.pipe(
  v.number(),
  v.integer("must be a whole number"),
  v.minValue(1, "must be at least 1"),
  v.maxValue(100, "must be at most 100"),
);
const Scalar = v.union(
  [v.string(), v.pipe(v.number(), v.finite()), v.boolean(), v.null()],
  "must be a string, number, boolean or null",
);

const IDENTITY_OPS = ["eq", "ne", "lt", "lte", "gt", "gte", "contains", "startsWith", "endsWith", "in"] as const;

/** Shape A: `{resource, filters: [{field, op, value}], limit}` (filters all hold: AND). */
export const ResourceQuery = v.strictObject({
  resource: Name,
  filters: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          field: Name,
          op: v.picklist(IDENTITY_OPS, `must be one of ${IDENTITY_OPS.join(", ")}`),
          value: v.union([Scalar, v.pipe(v.array(Scalar), v.maxLength(100, "must hold at most 100 values"))]),
        }),
      ),
      v.maxLength(50, "must hold at most 50 filters"),
    ),
  ),
  limit: v.optional(Limit),
});

/** One Shape B query object. */
const EdgeQuery = v.strictObject({
  edge: Name,
  alias: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[A-Za-z_][A-Za-z0-9_]{0,63}$/,
        "must be a name of letters, digits and _ (at most 64, not starting with a digit)",
      ),
    ),
  ),
  filter: v.optional(
    v.pipe(v.string(), v.maxLength(FILTER_MAX_LENGTH, `must be at most ${FILTER_MAX_LENGTH} characters`)),
  ),
  orderBy: v.optional(v.pipe(v.string(), v.maxLength(200, "must be at most 200 characters"))),
  count: v.optional(v.boolean()),
  node: v.optional(
    v.strictObject({
      fields: v.optional(
        v.pipe(v.array(Name), v.minLength(1, "must name a field"), v.maxLength(100, "must name at most 100 fields")),
      ),
    }),
  ),
  limit: v.optional(Limit),
  after: v.optional(v.pipe(v.string(), v.maxLength(4096, "not a cursor from this API"))),
});

/** Shape B: 1 to 10 query objects, answered over one snapshot. */
export const EdgeQueries = v.pipe(
  v.array(EdgeQuery),
  v.minLength(1, "must hold a query"),
  v.maxLength(10, "must hold at most 10 queries"),
);

/** The body of POST /resources/graph/query: Shape A (one resource query) or Shape B (1 to 10 edge queries). */
export const GraphQueryBody = v.union([ResourceQuery, EdgeQueries]);

/** The body of PUT /resources/registry/graph/<node>/fields/<name>: a custom field of a graph node. */
export const FieldPutBody = v.strictObject({
  spec: v.strictObject({
    value: v.strictObject({
      type: v.pipe(
        v.picklist(CUSTOM_FIELD_TYPES, `must be one of ${CUSTOM_FIELD_TYPES.join(", ")}`),
        v.description("How the field compares and orders; a JSON value of another type reads as null"),
      ),
      source: v.pipe(
        v.string(),
        v.maxLength(600, "must be at most 600 characters"),
        v.description(
          "A path into the node's custom data: dynamic.<path> (sending), parameters.<path> or " +
            "result.<path> (job), state.<path> (order), settings.<path> (principal); steps of letters, " +
            "digits, _ and -, an array index as a number",
        ),
      ),
    }),
  }),
});
