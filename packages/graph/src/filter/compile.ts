import { sql } from "kysely";
import type { RawBuilder } from "kysely";
import type { GraphField } from "@platform/platform";
import type { Comparator, FilterNode, Literal } from "./ast.ts";
import { FilterTypeError } from "./type-error.ts";

/** Looks a field up by name (and throws the caller's 400/403 for unknown or unreadable ones). */
export type FieldLookup = (name: string, at: number) => GraphField;

type Bool = RawBuilder<boolean>;

const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Whether a string is an ISO 8601 date or instant the database reads the same way. */
export const isInstantText = (s: string): boolean => INSTANT.test(s) && !Number.isNaN(Date.parse(s));

const SQL_OP: Readonly<Record<"==" | "!=" | "<" | "<=" | ">" | ">=", string>> = { "==": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=" };
const ORDERED = new Set<Comparator>(["<", "<=", ">", ">="]);
const TEXTUAL = new Set<Comparator>(["contains", "startsWith", "endsWith"]);

/** An ILIKE pattern for a case-insensitive match (wildcards in the value are literal). */
const likePattern = (op: Comparator, s: string) => {
  const v = s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return op === "contains" ? `%${v}%` : op === "startsWith" ? `${v}%` : `%${v}`;
};

const shown = (v: Literal) => (v.kind === "string" ? JSON.stringify(v.value) : v.kind === "null" ? "null" : String(v.value));

/** The literal as a parameter of the field's type, or a type error naming both. */
const param = (name: string, field: GraphField, v: Literal, at: number): RawBuilder<unknown> => {
  const scalar = field.type === "textList" ? "text" : field.type;
  if (scalar === "text" && v.kind === "string") return sql`${v.value}::text`;
  if (scalar === "number" && v.kind === "number") return sql`${v.value}::numeric`;
  if (scalar === "boolean" && v.kind === "boolean") return sql`${v.value}::boolean`;
  if (scalar === "instant" && v.kind === "string") {
    if (!isInstantText(v.value)) throw new FilterTypeError(`${name} is an instant; ${shown(v)} is not an ISO 8601 instant`, at);
    return sql`${new Date(v.value).toISOString()}::timestamptz`;
  }
  const article = scalar === "instant" ? "an instant (a quoted ISO 8601 string)" : `a ${scalar === "text" ? "string" : scalar}`;
  throw new FilterTypeError(`${name} is ${article}, not ${shown(v)}`, at);
};

/** One comparison on a non-null scalar expression (the caller handles null and nullability). */
const scalarCompare = (expr: RawBuilder<unknown>, op: Comparator, value: RawBuilder<unknown>, raw: Literal, textual: boolean): Bool => {
  if (TEXTUAL.has(op)) return sql<boolean>`${expr} ILIKE ${likePattern(op, (raw as { value: string }).value)}`;
  const sqlOp = sql.raw(SQL_OP[op as keyof typeof SQL_OP]);
  // Text orders by code point (as the in-memory and client-side comparisons do), not by locale.
  return textual && ORDERED.has(op) ? sql<boolean>`${expr} COLLATE "C" ${sqlOp} ${value}` : sql<boolean>`${expr} ${sqlOp} ${value}`;
};

const checkOperator = (name: string, field: GraphField, op: Comparator, v: Literal, at: number) => {
  if (field.type === "json") throw new FilterTypeError(`${name} cannot be filtered`, at);
  if (TEXTUAL.has(op) && field.type !== "text" && field.type !== "textList") throw new FilterTypeError(`${op} needs a text field; ${name} is ${field.type === "instant" ? "an instant" : `a ${field.type}`}`, at);
  if (ORDERED.has(op) && (field.type === "boolean" || field.type === "textList")) throw new FilterTypeError(`${op} cannot compare ${name}`, at);
  if (v.kind === "null" && op !== "==" && op !== "!=") throw new FilterTypeError(`${op} cannot compare with null`, at);
  if (v.kind === "null" && field.type === "textList") throw new FilterTypeError(`${name} is a list and never null`, at);
};

const compare = (node: Extract<FilterNode, { kind: "compare" }>, lookup: FieldLookup): Bool => {
  const { field: name, op, value: v, at } = node;
  const field = lookup(name, at);
  checkOperator(name, field, op, v, at);
  const expr = sql.raw(field.sql);
  if (v.kind === "null") return op === "==" ? sql<boolean>`${expr} IS NULL` : sql<boolean>`${expr} IS NOT NULL`;
  const value = param(name, field, v, at);
  if (field.type === "textList") {
    const element = sql.raw("x.v");
    const some = (pred: Bool) => sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${expr}) AS x(v) WHERE ${pred})`;
    return op === "!=" ? sql<boolean>`NOT ${some(scalarCompare(element, "==", value, v, true))}` : some(scalarCompare(element, op, value, v, true));
  }
  const cmp = scalarCompare(expr, op, value, v, field.type === "text");
  // Filters stay two-valued: a null never matches a comparison and always differs from a value.
  if (!field.nullable) return cmp;
  return op === "!=" ? sql<boolean>`(${expr} IS NULL OR ${cmp})` : sql<boolean>`(${expr} IS NOT NULL AND ${cmp})`;
};

const inList = (node: Extract<FilterNode, { kind: "in" }>, lookup: FieldLookup): Bool => {
  const { field: name, values, at } = node;
  const field = lookup(name, at);
  for (const v of values) {
    checkOperator(name, field, "==", v, at);
    if (v.kind === "null") throw new FilterTypeError(`in [..] cannot hold null; use ${name} == null`, at);
  }
  if (values.length === 0) return sql<boolean>`false`;
  const list = sql.join(values.map((v) => param(name, field, v, at)));
  const expr = sql.raw(field.sql);
  if (field.type === "textList") return sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(${expr}) AS x(v) WHERE x.v IN (${list}))`;
  return field.nullable ? sql<boolean>`(${expr} IS NOT NULL AND ${expr} IN (${list}))` : sql<boolean>`${expr} IN (${list})`;
};

/**
 * A filter as a parameterised SQL condition over the edge's row source: every field is the
 * context's own SQL, every literal a parameter, never text from the filter in the statement.
 */
export const compileFilter = (node: FilterNode, lookup: FieldLookup): Bool => {
  switch (node.kind) {
    case "compare":
      return compare(node, lookup);
    case "in":
      return inList(node, lookup);
    case "not":
      return sql<boolean>`NOT (${compileFilter(node.operand, lookup)})`;
    case "and":
    case "or":
      return sql<boolean>`(${sql.join(
        node.operands.map((o) => compileFilter(o, lookup)),
        sql.raw(node.kind === "and" ? " AND " : " OR "),
      )})`;
  }
};
