import { sql } from "kysely";
import type { RawBuilder } from "kysely";
import { isStorableText } from "@platform/http";
import type { GraphField } from "@platform/host";
import type { Comparator, FilterNode, Literal } from "./ast.ts";
import { FilterTypeError } from "./type-error.ts";

/** Looks a field up by name (and throws the caller's 400/403 for unknown or unreadable ones). */
export type FieldLookup = (name: string, at: number) => GraphField;

type Bool = RawBuilder<boolean>;

const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
const LAST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * Whether a string is an ISO 8601 date or instant the database reads the same way: a real
 * calendar day (not 2026-02-30, which Date.parse would roll over) between the years 1 and 9999
 * once its offset is applied (PostgreSQL refuses a year 0).
 */
export const isInstantText = (s: string): boolean => {
  if (!INSTANT.test(s)) return false;
  const at = Date.parse(s);
  if (Number.isNaN(at) || at < FIRST_INSTANT || at > LAST_INSTANT) return false;
  const [year, month, day] = s.slice(0, 10).split("-").map(Number) as [number, number, number];
  const day0 = new Date(0);
  day0.setUTCFullYear(year, month - 1, day);
  return day0.getUTCFullYear() === year && day0.getUTCMonth() === month - 1 && day0.getUTCDate() === day;
};

const SQL_OP: Readonly<Record<"==" | "!=" | "<" | "<=" | ">" | ">=", string>> = {
  "==": "=",
  "!=": "<>",
  "<": "<",
  "<=": "<=",
  ">": ">",
  ">=": ">=",
};
const ORDERED = new Set<Comparator>(["<", "<=", ">", ">="]);
const TEXTUAL = new Set<Comparator>(["contains", "startsWith", "endsWith"]);

/** An ILIKE pattern for a case-insensitive match (wildcards in the value are literal). */
const likePattern = (op: Comparator, s: string) => {
  const v = s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return op === "contains" ? `%${v}%` : op === "startsWith" ? `${v}%` : `%${v}`;
};

const shown = (v: Literal) =>
  v.kind === "string" ? JSON.stringify(v.value) : v.kind === "null" ? "null" : String(v.value);

/**
 * The condition being written: SQL text (the contexts' own field SQL and fixed operators) with
 * parameters between its parts. One RawBuilder is made from it at the end (a template call
 * with these parts), which keeps compiling a filter to a few microseconds.
 */
class Condition {
  readonly parts: string[] = [""];
  readonly values: unknown[] = [];
  text(s: string): this {
    this.parts[this.parts.length - 1] += s;
    return this;
  }
  param(value: unknown, cast: string): this {
    this.values.push(value);
    this.parts.push(`::${cast}`);
    return this;
  }
  build(): Bool {
    return sql<boolean>(
      Object.assign([...this.parts], { raw: this.parts }) as unknown as TemplateStringsArray,
      ...this.values,
    );
  }
}

/** The SQL type a value of each field type is sent as (a list's elements are text). */
export const CAST: Readonly<Record<string, string>> = {
  text: "text",
  textList: "text",
  number: "numeric",
  boolean: "boolean",
  instant: "timestamptz",
};

/** The literal as a parameter of the field's type (checked), written into `out`. */
const param = (out: Condition, name: string, field: GraphField, v: Literal, at: number): void => {
  const scalar = field.type === "textList" ? "text" : field.type;
  const fits =
    (scalar === "text" && v.kind === "string") ||
    (scalar === "number" && v.kind === "number") ||
    (scalar === "boolean" && v.kind === "boolean");
  if (fits) {
    out.param((v as { value: unknown }).value, CAST[scalar]!);
    return;
  }
  if (scalar === "instant" && v.kind === "string") {
    if (!isInstantText(v.value))
      throw new FilterTypeError(`${name} is an instant; ${shown(v)} is not an ISO 8601 instant`, at);
    out.param(new Date(v.value).toISOString(), "timestamptz");
    return;
  }
  const article =
    scalar === "instant" ? "an instant (a quoted ISO 8601 string)" : `a ${scalar === "text" ? "string" : scalar}`;
  throw new FilterTypeError(`${name} is ${article}, not ${shown(v)}`, at);
};

/** `expr op value` on a non-null scalar (the caller handles null and nullability). */
const scalarCompare = (
  out: Condition,
  expr: string,
  op: Comparator,
  name: string,
  field: GraphField,
  v: Literal,
  at: number,
  textual: boolean,
): void => {
  if (TEXTUAL.has(op)) {
    // Case folds by the database's collation, also for a field compared by code point otherwise
    // (a custom text field is `… COLLATE "C"`, which folds only ASCII).
    out.text(`(${expr}) COLLATE "default" ILIKE `).param(likePattern(op, (v as { value: string }).value), "text");
    return;
  }
  // Text orders by code point (as the in-memory and client-side comparisons do), not by locale.
  out.text(
    textual && ORDERED.has(op)
      ? `${expr} COLLATE "C" ${SQL_OP[op as keyof typeof SQL_OP]} `
      : `${expr} ${SQL_OP[op as keyof typeof SQL_OP]} `,
  );
  param(out, name, field, v, at);
};

const checkOperator = (name: string, field: GraphField, op: Comparator, v: Literal, at: number) => {
  // PostgreSQL cannot hold U+0000 (a `\u0000` escape): a 400 here, never a 500 from the database.
  if (v.kind === "string" && !isStorableText(v.value))
    throw new FilterTypeError("a string may not hold U+0000 or a lone surrogate", at);
  if (field.type === "json") throw new FilterTypeError(`${name} cannot be filtered`, at);
  if (TEXTUAL.has(op) && field.type !== "text" && field.type !== "textList")
    throw new FilterTypeError(
      `${op} needs a text field; ${name} is ${field.type === "instant" ? "an instant" : `a ${field.type}`}`,
      at,
    );
  if (ORDERED.has(op) && (field.type === "boolean" || field.type === "textList"))
    throw new FilterTypeError(`${op} cannot compare ${name}`, at);
  if (v.kind === "null" && op !== "==" && op !== "!=") throw new FilterTypeError(`${op} cannot compare with null`, at);
  if (v.kind === "null" && field.type === "textList") throw new FilterTypeError(`${name} is a list and never null`, at);
};

const SOME = (expr: string) => `EXISTS (SELECT 1 FROM jsonb_array_elements_text(${expr}) AS x(v) WHERE `;

const compare = (out: Condition, node: Extract<FilterNode, { kind: "compare" }>, lookup: FieldLookup): void => {
  const { field: name, op, value: v, at } = node;
  const field = lookup(name, at);
  checkOperator(name, field, op, v, at);
  const expr = field.sql;
  if (v.kind === "null") {
    out.text(op === "==" ? `${expr} IS NULL` : `${expr} IS NOT NULL`);
    return;
  }
  if (field.type === "textList") {
    out.text(op === "!=" ? `NOT ${SOME(expr)}` : SOME(expr));
    scalarCompare(out, "x.v", op === "!=" ? "==" : op, name, field, v, at, true);
    out.text(")");
    return;
  }
  // Filters stay two-valued: a null never matches a comparison and always differs from a value.
  if (field.nullable) out.text(op === "!=" ? `(${expr} IS NULL OR ` : `(${expr} IS NOT NULL AND `);
  scalarCompare(out, expr, op, name, field, v, at, field.type === "text");
  if (field.nullable) out.text(")");
};

const inList = (out: Condition, node: Extract<FilterNode, { kind: "in" }>, lookup: FieldLookup): void => {
  const { field: name, values, at } = node;
  const field = lookup(name, at);
  for (const v of values) {
    checkOperator(name, field, "==", v, at);
    if (v.kind === "null") throw new FilterTypeError(`in [..] cannot hold null; use ${name} == null`, at);
  }
  if (values.length === 0) {
    out.text("false");
    return;
  }
  const expr = field.sql;
  out.text(
    field.type === "textList"
      ? `${SOME(expr)}x.v IN (`
      : field.nullable
        ? `(${expr} IS NOT NULL AND ${expr} IN (`
        : `${expr} IN (`,
  );
  values.forEach((v, i) => {
    if (i > 0) out.text(", ");
    param(out, name, field, v, at);
  });
  out.text(field.type === "textList" || field.nullable ? "))" : ")");
};

const write = (out: Condition, node: FilterNode, lookup: FieldLookup): void => {
  switch (node.kind) {
    case "compare":
      return compare(out, node, lookup);
    case "in":
      return inList(out, node, lookup);
    case "not":
      out.text("NOT (");
      write(out, node.operand, lookup);
      out.text(")");
      return;
    case "and":
    case "or":
      out.text("(");
      node.operands.forEach((o, i) => {
        if (i > 0) out.text(node.kind === "and" ? " AND " : " OR ");
        write(out, o, lookup);
      });
      out.text(")");
      return;
  }
};

/**
 * A filter as a parameterised SQL condition over the edge's row source: every field is the
 * context's own SQL, every literal a parameter, never text from the filter in the statement.
 */
export const compileFilter = (node: FilterNode, lookup: FieldLookup): Bool => {
  const out = new Condition();
  write(out, node, lookup);
  return out.build();
};
