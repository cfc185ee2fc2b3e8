import { createHash } from "node:crypto";
import type { GraphEdge, GraphField } from "@platform/host";

/** The types a custom field may take (docs/GRAPH.md, "Custom fields"): they decide how it compares and orders. */
export const CUSTOM_FIELD_TYPES = ["text", "number", "boolean", "instant"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A registered field as the registry holds it. */
export type CustomFieldSpec = { readonly type: CustomFieldType; readonly source: string };

/** A field's name: a letter, then letters, digits and `_` (at most 63, as a filter names it). */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

/** One step of a source's path: a JSON key or an array index (letters, digits, `_`, `-`). */
const SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_DEPTH = 8;

/** A source checked against its edge: the jsonb column it reads and the path within it. */
type ParsedSource = { readonly column: string; readonly path: readonly string[] };

/**
 * `dynamic.address.region` against the edge's `customSources`: the column and path, or what
 * is wrong with it as text. Path steps are restricted to letters, digits, `_` and `-`, so a
 * path is written into SQL as a constant without any escaping to get wrong.
 */
export const parseSource = (edge: GraphEdge, source: string): ParsedSource | string => {
  const roots = Object.keys(edge.customSources ?? {});
  if (roots.length === 0) return `${edge.node} records have no custom data to take a field from`;
  const [root = "", ...path] = source.split(".");
  const expected = `must be ${roots.map((r) => `${r}.<path>`).join(" or ")}`;
  if (!Object.hasOwn(edge.customSources!, root) || path.length === 0) return expected;
  if (path.length > MAX_DEPTH) return `must be at most ${MAX_DEPTH} steps below ${root}`;
  const bad = path.find((s) => !SEGMENT.test(s));
  if (bad !== undefined) return `each step must be 1 to 64 letters, digits, _ or - (not '${bad}')`;
  return { column: edge.customSources![root]!, path };
};

/**
 * The value of a custom field as SQL over `column` (`t.dynamic` in a query, `dynamic` in the
 * index): a JSON value of the field's type, anything else (absent, another type, an instant
 * that is no ISO 8601 instant) null. Text is compared and ordered by code point (COLLATE "C",
 * as built-in text), and the index is built on this very expression so the planner uses it.
 */
export const valueSql = (column: string, path: readonly string[], type: CustomFieldType): string => {
  const steps = `'{${path.join(",")}}'`;
  const at = `${column} #> ${steps}`;
  switch (type) {
    case "text":
      return `((CASE WHEN jsonb_typeof(${at}) = 'string' THEN ${column} #>> ${steps} END) COLLATE "C")`;
    case "number":
      return `(CASE WHEN jsonb_typeof(${at}) = 'number' THEN (${at})::numeric END)`;
    case "boolean":
      return `(CASE WHEN jsonb_typeof(${at}) = 'boolean' THEN (${at})::boolean END)`;
    case "instant":
      return `graph_instant(${at})`;
  }
};

/** A registered field as the graph queries it: always nullable, always restricted. */
export const customGraphField = (parsed: ParsedSource, type: CustomFieldType): GraphField => ({
  sql: valueSql(`t.${parsed.column}`, parsed.path, type),
  type,
  nullable: true,
  restricted: true,
});

/** The prefix of every index the registry builds (so it finds and drops its own, never another's). */
export const INDEX_PREFIX = "gcf_";

/**
 * The index of a field's definition: `gcf_<node>_<name>_<hash>` in lower case, at most 63
 * characters; a new type or source is a new name, so a redefinition builds its index beside the
 * old one and drops the old one after.
 */
export const indexNameOf = (node: string, name: string, spec: CustomFieldSpec): string => {
  const hash = createHash("sha256").update(`${node}\n${name}\n${spec.type}\n${spec.source}`).digest("hex").slice(0, 10);
  return `${INDEX_PREFIX}${node.toLowerCase()}_${name.slice(0, 24).toLowerCase()}_${hash}`;
};
