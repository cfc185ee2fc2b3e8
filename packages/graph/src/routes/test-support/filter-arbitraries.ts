import fc from "fast-check";
import type { Comparator, FilterNode, Literal } from "../../filter/ast.ts";
import { BASE, DAY, FIELDS, TYPES, offset, rows } from "./filter-rows.ts";
import type { FieldName } from "./filter-rows.ts";

// The random filters of filter-property.int.test.ts over the fields of filter-rows.ts, and their text.

// ---- the filters ----------------------------------------------------------------------------

export const present = (name: FieldName): string[] => {
  const values = [...new Set(rows.map((r) => r[name]).filter((v): v is string => typeof v === "string"))];
  return values.length > 0 ? values : ["none"];
};
export const allText = [...new Set(FIELDS.filter((f) => TYPES[f].type === "text").flatMap(present))];
export const str = (value: string): Literal => ({ kind: "string", value });
export const withCase = (s: string) =>
  fc
    .array(fc.constantFrom("keep", "upper", "lower"), { minLength: s.length, maxLength: s.length })
    .map((how) =>
      [...s].map((c, i) => (how[i] === "upper" ? c.toUpperCase() : how[i] === "lower" ? c.toLowerCase() : c)).join(""),
    );

export const textValue = (name: FieldName) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...present(name)) },
    { weight: 2, arbitrary: fc.constantFrom(...present(name)).chain(withCase) },
    { weight: 1, arbitrary: fc.constantFrom(...allText) },
    { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
  );
/** A prefix, suffix or middle of a value in the rows, in random case (or something random). */
export const textPart = (name: FieldName) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...present(name))
        .chain((s) =>
          fc
            .tuple(
              fc.integer({ min: 0, max: s.length }),
              fc.integer({ min: 0, max: s.length }),
              fc.constantFrom("prefix", "suffix", "middle"),
            )
            .map(([i, j, k]) =>
              k === "prefix" ? s.slice(0, j) : k === "suffix" ? s.slice(i) : s.slice(Math.min(i, j), Math.max(i, j)),
            ),
        )
        .chain(withCase),
    },
    { weight: 1, arbitrary: fc.constantFrom("%", "_", "\\", "%_", "a%", "%b", "5_") },
    { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
  );
export const numberValue = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -1, max: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom(2.5, 0.5, -0.5, 1e-7, 4.999) },
);
/** An instant near (or at) one in the rows, written in one of the ISO 8601 forms the language takes. */
export const instantValue = (name: FieldName) => {
  const pool = [...present(name), ...present("createdAt")].map((s) => Date.parse(s));
  return fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...pool) },
        { weight: 1, arbitrary: offset.map((o) => BASE + o) },
      ),
      fc.constantFrom(0, 0, 0, 0, -1, 1, -1000, 1000, -DAY),
      fc.constantFrom("iso", "iso", "iso", "offset", "compactOffset", "date", "seconds", "micro", "local"),
    )
    .map(([ms, delta, form]) => {
      const d = new Date(ms + delta);
      const s = d.toISOString();
      const shifted = (h: number) => new Date(ms + delta + h * 3_600_000).toISOString().slice(0, 23);
      switch (form) {
        case "offset":
          return `${shifted(5.5)}+05:30`;
        case "compactOffset":
          return `${shifted(-8)}-0800`;
        case "date":
          return s.slice(0, 10);
        case "seconds":
          return `${s.slice(0, 19)}Z`;
        case "micro":
          return s.replace("Z", "456Z");
        case "local": // no zone: JS reads it as local time, and so does the compiler
          return s.slice(0, 23);
        default:
          return s;
      }
    });
};

export const leafOf = (name: FieldName): fc.Arbitrary<FilterNode> => {
  const { type } = TYPES[name];
  const compare = (op: Comparator, value: Literal): FilterNode => ({ kind: "compare", field: name, op, value, at: 0 });
  const value: fc.Arbitrary<Literal> =
    type === "number"
      ? numberValue.map((value) => ({ kind: "number", value }))
      : type === "boolean"
        ? fc.boolean().map((value) => ({ kind: "boolean", value }))
        : type === "instant"
          ? instantValue(name).map(str)
          : textValue(name).map(str);
  const ordered =
    type === "boolean"
      ? fc.constantFrom<Comparator>("==", "!=")
      : fc.constantFrom<Comparator>("==", "!=", "<", "<=", ">", ">=");
  const leaves: fc.WeightedArbitrary<FilterNode>[] = [
    { weight: 4, arbitrary: fc.tuple(ordered, value).map(([op, v]) => compare(op, v)) },
    {
      weight: 2,
      arbitrary: fc
        .array(value, { maxLength: 3 })
        .map((values): FilterNode => ({ kind: "in", field: name, values, at: 0 })),
    },
    {
      weight: "nullable" in TYPES[name] ? 2 : 1,
      arbitrary: fc.constantFrom<Comparator>("==", "!=").map((op) => compare(op, { kind: "null" })),
    },
  ];
  if (type === "text")
    leaves.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom<Comparator>("contains", "startsWith", "endsWith"), textPart(name))
        .map(([op, s]) => compare(op, str(s))),
    });
  return fc.oneof(...leaves);
};

export const { node: filterArb } = fc.letrec<{
  node: FilterNode;
  leaf: FilterNode;
  and: FilterNode;
  or: FilterNode;
  not: FilterNode;
}>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", maxDepth: 4, withCrossShrink: true },
    tie("leaf"),
    tie("and"),
    tie("or"),
    tie("not"),
  ),
  leaf: fc.oneof(...FIELDS.map(leafOf)),
  and: fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((operands): FilterNode => ({ kind: "and", operands })),
  or: fc.array(tie("node"), { minLength: 2, maxLength: 3 }).map((operands): FilterNode => ({ kind: "or", operands })),
  not: tie("node").map((operand): FilterNode => ({ kind: "not", operand })),
}));

// ---- rendering ------------------------------------------------------------------------------

export const literalText = (l: Literal) =>
  l.kind === "string" ? JSON.stringify(l.value) : l.kind === "null" ? "null" : String(l.value);

/**
 * The filter as text (every and/or/not operand in parentheses) and the tree the parser must read from it (`at` set).
 */
export const layout = (node: FilterNode, start: number): { text: string; node: FilterNode } => {
  switch (node.kind) {
    case "compare":
      return { text: `${node.field} ${node.op} ${literalText(node.value)}`, node: { ...node, at: start } };
    case "in":
      return { text: `${node.field} in [${node.values.map(literalText).join(", ")}]`, node: { ...node, at: start } };
    case "not": {
      const inner = layout(node.operand, start + "not (".length);
      return { text: `not (${inner.text})`, node: { kind: "not", operand: inner.node } };
    }
    case "and":
    case "or": {
      const sep = ` ${node.kind} `;
      const parts: string[] = [];
      const operands: FilterNode[] = [];
      let pos = start;
      for (const o of node.operands) {
        if (parts.length > 0) pos += sep.length;
        const inner = layout(o, pos + 1);
        parts.push(`(${inner.text})`);
        operands.push(inner.node);
        pos += inner.text.length + 2;
      }
      return { text: parts.join(sep), node: { kind: node.kind, operands } };
    }
  }
};
export const render = (node: FilterNode) => layout(node, 0).text;
