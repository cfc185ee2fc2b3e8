import { describe, expect, it } from "vitest";
import { FILTER_MAX_LENGTH, FilterSyntaxError } from "./ast.ts";
import type { Comparator, FilterNode, Literal } from "./ast.ts";
import { parseFilter } from "./parse.ts";

const str = (value: string): Literal => ({ kind: "string", value });
const num = (value: number): Literal => ({ kind: "number", value });
const bool = (value: boolean): Literal => ({ kind: "boolean", value });
const NULL: Literal = { kind: "null" };
const cmp = (field: string, op: Comparator, value: Literal, at = 0): FilterNode => ({
  kind: "compare",
  field,
  op,
  value,
  at,
});
const inList = (field: string, values: Literal[], at = 0): FilterNode => ({ kind: "in", field, values, at });
const and = (...operands: FilterNode[]): FilterNode => ({ kind: "and", operands });
const or = (...operands: FilterNode[]): FilterNode => ({ kind: "or", operands });
const not = (operand: FilterNode): FilterNode => ({ kind: "not", operand });

const nested = (levels: number, inner: string): string => "(".repeat(levels) + inner + ")".repeat(levels);
const nots = (levels: number, inner: string): string => "not ".repeat(levels) + inner;

const accepted: ReadonlyArray<readonly [string, FilterNode | null]> = [
  // blank
  ["", null],
  ["   \t\r\n ", null],
  // every comparator
  ['status == "open"', cmp("status", "==", str("open"))],
  ['status != "open"', cmp("status", "!=", str("open"))],
  ["size < 10", cmp("size", "<", num(10))],
  ["size <= 10", cmp("size", "<=", num(10))],
  ["size > 10", cmp("size", ">", num(10))],
  ["size >= 10", cmp("size", ">=", num(10))],
  ['name contains "ab"', cmp("name", "contains", str("ab"))],
  ['name startsWith "ab"', cmp("name", "startsWith", str("ab"))],
  ['name endsWith "ab"', cmp("name", "endsWith", str("ab"))],
  // in
  ["tag in []", inList("tag", [])],
  ['tag in ["a"]', inList("tag", [str("a")])],
  [
    'tag in ["a", 1, -2.5, true, false, null]',
    inList("tag", [str("a"), num(1), num(-2.5), bool(true), bool(false), NULL]),
  ],
  ["tag in[1,2,3]", inList("tag", [num(1), num(2), num(3)])],
  // literal kinds and numbers
  ["a == true", cmp("a", "==", bool(true))],
  ["a == false", cmp("a", "==", bool(false))],
  ["a == null", cmp("a", "==", NULL)],
  ["a == 0", cmp("a", "==", num(0))],
  ["a == -42", cmp("a", "==", num(-42))],
  ["a == 3.25", cmp("a", "==", num(3.25))],
  ["a == -0.5", cmp("a", "==", num(-0.5))],
  ["a == 1e3", cmp("a", "==", num(1000))],
  ["a == 2.5E-2", cmp("a", "==", num(0.025))],
  ["a == -1e+2", cmp("a", "==", num(-100))],
  ["a<-1", cmp("a", "<", num(-1))],
  // strings: both quotes, every escape
  ["a == 'single'", cmp("a", "==", str("single"))],
  ['a == "it\'s"', cmp("a", "==", str("it's"))],
  ["a == 'say \"hi\"'", cmp("a", "==", str('say "hi"'))],
  [String.raw`a == "q\" s\' b\\ sl\/"`, cmp("a", "==", str("q\" s' b\\ sl/"))],
  [String.raw`a == 'n\n t\t r\r b\b f\f'`, cmp("a", "==", str("n\n t\t r\r b\b f\f"))],
  [String.raw`a == "caf\u00e9 \u00E9\u0041"`, cmp("a", "==", str("café éA"))],
  ['a == ""', cmp("a", "==", str(""))],
  ['a == "line1\nline2"', cmp("a", "==", str("line1\nline2"))],
  ['a == "== and or ( ) #"', cmp("a", "==", str("== and or ( ) #"))],
  // fields
  ['dynamic.channelKey == "x"', cmp("dynamic.channelKey", "==", str("x"))],
  ["a.b_2.C3 == 1", cmp("a.b_2.C3", "==", num(1))],
  ["_x == 1", cmp("_x", "==", num(1))],
  ["android == 1", cmp("android", "==", num(1))],
  ["order == 1", cmp("order", "==", num(1))],
  ['notes == "x"', cmp("notes", "==", str("x"))],
  ["index in []", inList("index", [])],
  ["inside == 1", cmp("inside", "==", num(1))],
  ["nullable != null", cmp("nullable", "!=", NULL)],
  ["truest == false", cmp("truest", "==", bool(false))],
  ["ors == 1 or andy == 2", or(cmp("ors", "==", num(1)), cmp("andy", "==", num(2), 12))],
  ["a.in == 1", cmp("a.in", "==", num(1))],
  // whitespace
  ["a==1", cmp("a", "==", num(1))],
  ["\ta\n==\r\n1\t", cmp("a", "==", num(1), 1)],
  ["a==1 and(b==2)", and(cmp("a", "==", num(1)), cmp("b", "==", num(2), 9))],
  // boolean structure
  ["a == 1 and b == 2", and(cmp("a", "==", num(1)), cmp("b", "==", num(2), 11))],
  ["a == 1 or b == 2", or(cmp("a", "==", num(1)), cmp("b", "==", num(2), 10))],
  ["a==1 and b==2 and c==3", and(cmp("a", "==", num(1)), cmp("b", "==", num(2), 9), cmp("c", "==", num(3), 18))],
  ["a==1 or b==2 or c==3", or(cmp("a", "==", num(1)), cmp("b", "==", num(2), 8), cmp("c", "==", num(3), 16))],
  ["a==1 or b==2 and c==3", or(cmp("a", "==", num(1)), and(cmp("b", "==", num(2), 8), cmp("c", "==", num(3), 17)))],
  ["a==1 and b==2 or c==3", or(and(cmp("a", "==", num(1)), cmp("b", "==", num(2), 9)), cmp("c", "==", num(3), 17))],
  ["not a == 1 and b == 2", and(not(cmp("a", "==", num(1), 4)), cmp("b", "==", num(2), 15))],
  ["not not a == 1", not(not(cmp("a", "==", num(1), 8)))],
  ["not (a==1 or b==2)", not(or(cmp("a", "==", num(1), 5), cmp("b", "==", num(2), 13)))],
  ["(a == 1)", cmp("a", "==", num(1), 1)],
  ["a==1 and (b==2 or c==3)", and(cmp("a", "==", num(1)), or(cmp("b", "==", num(2), 10), cmp("c", "==", num(3), 18)))],
  [
    "(a==1 and b==2) and c==3",
    and(and(cmp("a", "==", num(1), 1), cmp("b", "==", num(2), 10)), cmp("c", "==", num(3), 20)),
  ],
  ["a==1 or (b==2 or c==3)", or(cmp("a", "==", num(1)), or(cmp("b", "==", num(2), 9), cmp("c", "==", num(3), 17)))],
  [nested(16, "a==1"), cmp("a", "==", num(1), 16)],
  [nots(16, "a==1"), Array.from({ length: 16 }).reduce<FilterNode>((node) => not(node), cmp("a", "==", num(1), 64))],
  ["not (" + nested(14, "a==1") + ")", not(cmp("a", "==", num(1), 19))],
];
const longString = `a == "${"x".repeat(FILTER_MAX_LENGTH - 7)}"`; // exactly FILTER_MAX_LENGTH characters

const acceptedRows = [
  ...accepted.map(([text, ast]) => ({ name: JSON.stringify(text), text, ast })),
  {
    name: "a 2000-character string literal",
    text: longString,
    ast: cmp("a", "==", str("x".repeat(FILTER_MAX_LENGTH - 7))),
  },
];

describe("parseFilter accepts", () => {
  it.each(acceptedRows)("$name", ({ text, ast }) => {
    expect(parseFilter(text)).toEqual(ast);
  });
});

type Rejection = readonly [text: string, expected: string, position: number, name?: string];

const FIELD = "expected a field";
const OPERATOR = "expected an operator";
const VALUE = "expected a value";
const BRACKET = "expected '['";
const LIST = "expected ',' or ']'";
const PAREN = "expected ')'";
const END = "expected 'and', 'or' or end of input";
const UNTERMINATED = "unterminated string";
const ESCAPE = "invalid escape in string";
const NUMBER = "invalid number";
const DEPTH = "nesting deeper than 16";
const LENGTH = "filter longer than 2000 characters";
const unexpected = (c: string): string => `unexpected character '${c}'`;

const rejected: readonly Rejection[] = [
  // a field is missing
  ["and == 1", FIELD, 0],
  ["in == 1", FIELD, 0],
  ["not == 1", FIELD, 4],
  ["true == 1", FIELD, 0],
  ['"a" == 1', FIELD, 0],
  ["1 == a", FIELD, 0],
  ["a == 1 and", FIELD, 10],
  ["a == 1 or or b == 1", FIELD, 10],
  ["not", FIELD, 3],
  ["()", FIELD, 1],
  ["a == 1 and (b == 2 or", FIELD, 21],
  ["a. == 1", FIELD, 2],
  ["a.1 == 1", FIELD, 2],
  ["a..b == 1", FIELD, 2],
  // an operator is missing
  ["a", OPERATOR, 1],
  ["a and b == 1", OPERATOR, 2],
  ['a "x"', OPERATOR, 2],
  ["a not == 1", OPERATOR, 2],
  // a value is missing
  ["status == and", VALUE, 10],
  ["status ==", VALUE, 9],
  ["status == ", VALUE, 10],
  ["a == b", VALUE, 5],
  ["a == truest", VALUE, 5],
  ["a == (1)", VALUE, 5],
  ["a <> 1", VALUE, 3],
  ["a contains", VALUE, 10],
  // in-lists
  ["a in 1", BRACKET, 5],
  ["a in", BRACKET, 4],
  ["a in (1)", BRACKET, 5],
  ["a in [1 2]", LIST, 8],
  ["a in [1", LIST, 7],
  ["a in [1;2]", unexpected(";"), 7],
  ["a in [1,]", VALUE, 8],
  ["a in [", VALUE, 6],
  ["a in [,]", VALUE, 6],
  ["a in [b]", VALUE, 6],
  // parentheses and trailing input
  ["(a == 1", PAREN, 7],
  ["(a == 1 b == 2)", PAREN, 8],
  ["((a == 1)", PAREN, 9],
  ["a == 1 b", END, 7],
  ["a == 1)", END, 6],
  ["a == 1 OR 1=1", END, 7],
  ["a == 1 AND b == 2", END, 7],
  ["a == 1 not b == 2", END, 7],
  ["a == 1 (b == 2)", END, 7],
  // strings
  ['a == "abc', UNTERMINATED, 5],
  ["a == 'unterminated", UNTERMINATED, 5],
  ["a' == 1", UNTERMINATED, 1],
  ["a == 'mixed\"", UNTERMINATED, 5],
  ['a == "abc\\', UNTERMINATED, 5],
  [String.raw`a == "\x"`, ESCAPE, 6],
  [String.raw`a == "ok\u12g4"`, ESCAPE, 8],
  [String.raw`a == "\u12"`, ESCAPE, 6],
  [String.raw`a == "\U00e9"`, ESCAPE, 6],
  // numbers
  ["a == 1.", NUMBER, 5],
  ["a == 1e", NUMBER, 5],
  ["a == 1e+", NUMBER, 5],
  ["a == 01", NUMBER, 5],
  ["a == 01x", NUMBER, 5],
  ["a == 12abc", NUMBER, 5],
  ["a == 1.5.2", NUMBER, 5],
  ["a == 1e999", NUMBER, 5],
  ["a == -00", NUMBER, 5],
  ["a == 1 or1", END, 7],
  ["a == -x", unexpected("-"), 5],
  ["a == - 1", unexpected("-"), 5],
  ["a == .5", unexpected("."), 5],
  // characters that start no token
  ["# comment", unexpected("#"), 0],
  ["a = 1", unexpected("="), 2],
  ["a === 1", unexpected("="), 4],
  ["a ! 1", unexpected("!"), 2],
  ["a == 1 && b == 2", unexpected("&"), 7],
  ["a == 1 || b == 2", unexpected("|"), 7],
  ['a == "é" and é == 1', unexpected("é"), 13],
  ["a\u00a0== 1", unexpected("\u00a0"), 1],
  // injection-looking input
  ['status == "x"; DROP TABLE t', unexpected(";"), 13],
  ['status == "x" -- comment', unexpected("-"), 14],
  ["status == 'x' /* c */", unexpected("/"), 14],
  ['status == "x" or 1 == 1', FIELD, 17],
  ['status == "" or "" == ""', FIELD, 16],
  ["status == $1", unexpected("$"), 10],
  ["status == `x`", unexpected("`"), 10],
  // limits
  [nested(17, "a==1"), DEPTH, 16, "17 nested parentheses"],
  [nots(17, "a==1"), DEPTH, 64, "17 nested not"],
  ["not " + nested(16, "a==1"), DEPTH, 19, "not and 16 parentheses"],
  [nested(100, "a==1"), DEPTH, 16, "100 nested parentheses"],
  [longString + " ", LENGTH, 2000, "2001 characters"],
  [" ".repeat(FILTER_MAX_LENGTH + 1), LENGTH, 2000, "2001 spaces"],
  ["#".repeat(FILTER_MAX_LENGTH + 1), LENGTH, 2000, "2001 bad characters"],
];

const errorOf = (text: string): { expected: string; position: number } | string => {
  try {
    return `parsed: ${JSON.stringify(parseFilter(text))}`;
  } catch (error) {
    if (!(error instanceof FilterSyntaxError)) throw error;
    return { expected: error.expected, position: error.position };
  }
};

describe("parseFilter rejects", () => {
  it.each(
    rejected.map(([text, expected, position, name]) => ({
      name: name ?? JSON.stringify(text),
      text,
      expected,
      position,
    })),
  )("$name → $expected at $position", ({ text, expected, position }) => {
    expect(errorOf(text)).toEqual({ expected, position });
  });
});

describe("parseFilter limits", () => {
  it("parses a 2000-character or-chain into one or-node without recursing per operand", () => {
    const terms = Array.from({ length: 250 }, () => "a==1");
    const text = terms.join(" or ").padEnd(FILTER_MAX_LENGTH, " ");
    expect(text).toHaveLength(FILTER_MAX_LENGTH);
    const node = parseFilter(text);
    expect(node?.kind).toBe("or");
    expect(node).toEqual(or(...terms.map((_, i) => cmp("a", "==", num(1), i * 8))));
  });

  it("parses a 2000-character and-chain into one and-node", () => {
    const text = Array.from({ length: 222 }, () => "a==1").join(" and ");
    expect(text.length).toBeLessThanOrEqual(FILTER_MAX_LENGTH);
    const node = parseFilter(text);
    expect(node?.kind === "and" ? node.operands : []).toHaveLength(222);
  });

  it("throws FilterSyntaxError with a readable message", () => {
    expect(() => parseFilter("a ==")).toThrow(new FilterSyntaxError("expected a value", 4));
    expect(() => parseFilter("a ==")).toThrow("expected a value at 4");
  });
});
