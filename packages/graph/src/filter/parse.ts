/**
 * Hand-written recursive-descent parser for the filter language (docs/GRAPH.md):
 *
 *   filter     := orExpr EOF
 *   orExpr     := andExpr ("or" andExpr)*
 *   andExpr    := unary ("and" unary)*
 *   unary      := "not" unary | primary
 *   primary    := "(" orExpr ")" | comparison
 *   comparison := field ( cmpOp literal | "in" "[" ( literal ("," literal)* )? "]" )
 *
 * Tokens are lexed lazily, one ahead, so the first problem in reading order is reported.
 * and/or chains are loops (one n-ary node each, never flattened across parentheses); only
 * `(` and `not` recurse, and both are bounded by FILTER_MAX_DEPTH. Every error is a
 * FilterSyntaxError carrying what was expected and the 0-based offset where it was expected.
 */
import { FILTER_MAX_DEPTH, FILTER_MAX_LENGTH, FilterSyntaxError } from "./ast.ts";
import type { Comparator, FilterNode, Literal } from "./ast.ts";

type Token =
  | { readonly type: "eof"; readonly pos: number }
  | { readonly type: "field" | "keyword" | "symbol"; readonly text: string; readonly pos: number }
  | { readonly type: "literal"; readonly value: Literal; readonly pos: number };

const KEYWORDS: ReadonlySet<string> = new Set(["and", "or", "not", "in", "contains", "startsWith", "endsWith"]);
const CONSTANTS: ReadonlyMap<string, Literal> = new Map<string, Literal>([
  ["true", { kind: "boolean", value: true }],
  ["false", { kind: "boolean", value: false }],
  ["null", { kind: "null" }],
]);
const COMPARATORS: ReadonlySet<string> = new Set([
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "contains",
  "startsWith",
  "endsWith",
]);
const TWO_CHAR: ReadonlySet<string> = new Set(["==", "!=", "<=", ">="]);
const ONE_CHAR: ReadonlySet<string> = new Set(["<", ">", "(", ")", "[", "]", ","]);
const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ["'", "'"],
  ["\\", "\\"],
  ["/", "/"],
  ["n", "\n"],
  ["t", "\t"],
  ["r", "\r"],
  ["b", "\b"],
  ["f", "\f"],
]);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

// Character classes by code unit (the lexer's hot path; NaN past the end matches none).
const isSpace = (c: string | undefined): boolean => c === " " || c === "\t" || c === "\r" || c === "\n";
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const isIdentStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_");
const isIdentChar = (c: string | undefined): boolean => isIdentStart(c) || isDigit(c);
const isComparator = (s: string): s is Comparator => COMPARATORS.has(s);
const fail = (expected: string, position: number): never => {
  throw new FilterSyntaxError(expected, position);
};

/** Turns the text into tokens on demand; lexical errors are thrown as they are met. */
class Lexer {
  private i = 0;
  constructor(private readonly text: string) {}

  next(): Token {
    const { text } = this;
    while (isSpace(text[this.i])) this.i++;
    const pos = this.i;
    const c = text[pos];
    if (c === undefined) return { type: "eof", pos };
    if (c === '"' || c === "'") return this.string(pos, c);
    if (isDigit(c) || (c === "-" && isDigit(text[pos + 1]))) return this.number(pos);
    if (isIdentStart(c)) return this.word(pos);
    const two = text.slice(pos, pos + 2);
    const symbol = TWO_CHAR.has(two) ? two : ONE_CHAR.has(c) ? c : undefined;
    if (symbol !== undefined) {
      this.i += symbol.length;
      return { type: "symbol", text: symbol, pos };
    }
    return fail(`unexpected character '${String.fromCodePoint(text.codePointAt(pos) ?? 0)}'`, pos);
  }

  private string(pos: number, quote: string): Token {
    const { text } = this;
    // Most strings hold no escape: one slice.
    const close = text.indexOf(quote, pos + 1);
    if (close !== -1 && !text.slice(pos + 1, close).includes("\\")) {
      this.i = close + 1;
      return { type: "literal", value: { kind: "string", value: text.slice(pos + 1, close) }, pos };
    }
    let value = "";
    let i = pos + 1;
    for (;;) {
      const c = text[i];
      if (c === undefined) return fail("unterminated string", pos);
      if (c === quote) break;
      if (c === "\\") {
        value += this.escape(pos, i);
        i += text[i + 1] === "u" ? 6 : 2;
      } else {
        value += c;
        i++;
      }
    }
    this.i = i + 1;
    return { type: "literal", value: { kind: "string", value }, pos };
  }

  /** The character an escape at `at` (the backslash) stands for; `start` is the opening quote. */
  private escape(start: number, at: number): string {
    const e = this.text[at + 1];
    if (e === undefined) return fail("unterminated string", start);
    if (e === "u") {
      const hex = this.text.slice(at + 2, at + 6);
      return HEX4.test(hex) ? String.fromCharCode(parseInt(hex, 16)) : fail("invalid escape in string", at);
    }
    return ESCAPES.get(e) ?? fail("invalid escape in string", at);
  }

  private number(pos: number): Token {
    NUMBER.lastIndex = pos;
    const match = NUMBER.exec(this.text)?.[0] ?? "";
    const end = pos + match.length;
    const after = this.text[end];
    const value = Number(match);
    if (isIdentChar(after) || after === "." || !Number.isFinite(value)) return fail("invalid number", pos);
    this.i = end;
    return { type: "literal", value: { kind: "number", value }, pos };
  }

  /** An identifier, possibly dotted (`a.b.c`): a keyword, a constant literal or a field. */
  private word(pos: number): Token {
    const { text } = this;
    let i = pos;
    for (;;) {
      while (isIdentChar(text[i])) i++;
      if (text[i] !== ".") break;
      if (!isIdentStart(text[i + 1])) return fail("expected a field", i + 1);
      i++;
    }
    this.i = i;
    const word = text.slice(pos, i);
    const constant = CONSTANTS.get(word);
    if (constant !== undefined) return { type: "literal", value: constant, pos };
    return { type: KEYWORDS.has(word) ? "keyword" : "field", text: word, pos };
  }
}

/** The grammar, one method per rule; `depth` counts the `(` and `not` currently open. */
class Parser {
  private readonly lexer: Lexer;
  private current: Token | undefined;

  constructor(text: string) {
    this.lexer = new Lexer(text);
  }

  peek(): Token {
    this.current ??= this.lexer.next();
    return this.current;
  }

  private take(): Token {
    const token = this.peek();
    this.current = undefined;
    return token;
  }

  private at(type: "keyword" | "symbol", text: string): boolean {
    const token = this.peek();
    return token.type === type && token.text === text;
  }

  filter(): FilterNode {
    const node = this.orExpr(0);
    const rest = this.peek();
    if (rest.type !== "eof") fail("expected 'and', 'or' or end of input", rest.pos);
    return node;
  }

  private orExpr(depth: number): FilterNode {
    return this.chain("or", () => this.andExpr(depth));
  }

  private andExpr(depth: number): FilterNode {
    return this.chain("and", () => this.unary(depth));
  }

  /** `operand (kind operand)*` as a loop; a single operand is returned unwrapped. */
  private chain(kind: "and" | "or", operand: () => FilterNode): FilterNode {
    const first = operand();
    const rest: FilterNode[] = [];
    while (this.at("keyword", kind)) {
      this.take();
      rest.push(operand());
    }
    return rest.length === 0 ? first : { kind, operands: [first, ...rest] };
  }

  private unary(depth: number): FilterNode {
    if (!this.at("keyword", "not")) return this.primary(depth);
    const inner = this.enter(depth);
    return { kind: "not", operand: this.unary(inner) };
  }

  private primary(depth: number): FilterNode {
    if (!this.at("symbol", "(")) return this.comparison();
    const inner = this.enter(depth);
    const node = this.orExpr(inner);
    this.expect(")", "expected ')'");
    return node;
  }

  /** Consumes the `(` or `not` opening a new level, refusing level FILTER_MAX_DEPTH + 1. */
  private enter(depth: number): number {
    const opener = this.take();
    if (depth >= FILTER_MAX_DEPTH) fail(`nesting deeper than ${FILTER_MAX_DEPTH}`, opener.pos);
    return depth + 1;
  }

  private comparison(): FilterNode {
    const field = this.take();
    if (field.type !== "field") return fail("expected a field", field.pos);
    const op = this.take();
    if (op.type === "keyword" && op.text === "in") {
      return { kind: "in", field: field.text, values: this.list(), at: field.pos };
    }
    if ((op.type === "keyword" || op.type === "symbol") && isComparator(op.text)) {
      return { kind: "compare", field: field.text, op: op.text, value: this.literal(), at: field.pos };
    }
    return fail("expected an operator", op.pos);
  }

  /** `[ literal, … ]` after `in`, possibly empty. */
  private list(): Literal[] {
    this.expect("[", "expected '['");
    const values: Literal[] = [];
    if (this.at("symbol", "]")) {
      this.take();
      return values;
    }
    for (;;) {
      values.push(this.literal());
      const token = this.take();
      if (token.type === "symbol" && token.text === "]") return values;
      if (token.type !== "symbol" || token.text !== ",") fail("expected ',' or ']'", token.pos);
    }
  }

  private literal(): Literal {
    const token = this.take();
    return token.type === "literal" ? token.value : fail("expected a value", token.pos);
  }

  private expect(symbol: string, expected: string): void {
    const token = this.take();
    if (token.type !== "symbol" || token.text !== symbol) fail(expected, token.pos);
  }
}

/** Parses filter text into its syntax tree; null for blank text; throws FilterSyntaxError. */
export const parseFilter = (text: string): FilterNode | null => {
  if (text.length > FILTER_MAX_LENGTH) fail(`filter longer than ${FILTER_MAX_LENGTH} characters`, FILTER_MAX_LENGTH);
  const parser = new Parser(text);
  return parser.peek().type === "eof" ? null : parser.filter();
};
