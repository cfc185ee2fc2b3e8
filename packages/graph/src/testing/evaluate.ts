import type { Comparator, FilterNode, Literal } from "../filter/ast.ts";

export type FieldTypes = Readonly<
  Record<string, { type: "text" | "number" | "boolean" | "instant" | "textList" | "json"; nullable?: boolean }>
>;

type Scalar = string | number | boolean;

/** A scalar (or a literal) as the value comparisons use: instants as epoch milliseconds. */
const comparable = (type: string, v: Scalar): Scalar => {
  if (type !== "instant") return v;
  const ms = Date.parse(String(v));
  if (Number.isNaN(ms)) throw new Error(`not an instant: ${String(v)}`);
  return ms;
};

/** One comparison between two non-null scalars of the field's (element) type. */
const holds = (type: string, x: Scalar, op: Comparator, lit: Scalar): boolean => {
  const a = comparable(type, x);
  const b = comparable(type, lit);
  switch (op) {
    case "==":
      return a === b;
    case "!=":
      return a !== b;
    case "<":
      return a < b;
    case "<=":
      return a <= b;
    case ">":
      return a > b;
    case ">=":
      return a >= b;
    case "contains":
      return String(a).toLowerCase().includes(String(b).toLowerCase());
    case "startsWith":
      return String(a).toLowerCase().startsWith(String(b).toLowerCase());
    case "endsWith":
      return String(a).toLowerCase().endsWith(String(b).toLowerCase());
  }
};

const valueOf = (lit: Literal): Scalar | null => (lit.kind === "null" ? null : lit.value);

/**
 * The filter language's reference semantics for tests (docs/GRAPH.md), written independently
 * of the SQL compiler: a filter's answer over rows must equal this predicate over the same rows.
 * Comparisons are two-valued: `== null` / `!= null` test for null; a null value differs (`!=`)
 * from every non-null literal and fails every other comparison; text matching
 * (contains/startsWith/endsWith) ignores case; a textList holds a comparison when some element
 * does, and `!=` when no element equals the value. `row` is keyed by field name and holds
 * instants as ISO strings and textLists as arrays.
 */
export const evaluateFilter = (
  node: FilterNode,
  row: Readonly<Record<string, unknown>>,
  types: FieldTypes,
): boolean => {
  switch (node.kind) {
    case "and":
      return node.operands.every((o) => evaluateFilter(o, row, types));
    case "or":
      return node.operands.some((o) => evaluateFilter(o, row, types));
    case "not":
      return !evaluateFilter(node.operand, row, types);
    case "compare":
    case "in": {
      const field = types[node.field];
      if (!field || field.type === "json") throw new Error(`${node.field} cannot be filtered`);
      const v = row[node.field] ?? null;
      if (node.kind === "compare" && node.value.kind === "null") {
        if (node.op !== "==" && node.op !== "!=") throw new Error(`${node.op} cannot compare with null`);
        return node.op === "==" ? v === null : v !== null;
      }
      const op = node.kind === "compare" ? node.op : "==";
      const literals = (node.kind === "compare" ? [node.value] : node.values).map(valueOf);
      if (literals.includes(null)) throw new Error("in [..] cannot hold null");
      if (v === null) return node.kind === "compare" && op === "!=";
      const elements = (field.type === "textList" ? (v as readonly Scalar[]) : [v as Scalar]).filter((e) => e !== null);
      const one = (lit: Scalar) =>
        field.type === "textList" && op === "!="
          ? !elements.some((e) => holds("text", e, "==", lit))
          : elements.some((e) => holds(field.type, e, op, lit));
      return literals.some((lit) => one(lit as Scalar));
    }
  }
};
