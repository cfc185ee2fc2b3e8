/**
 * The filter language's syntax tree (docs/GRAPH.md). The parser builds it from text, Shape A's
 * `filters` build it from objects; the compiler turns it into a parameterised Kysely expression
 * and the in-memory evaluator (tests) into a predicate.
 */
export type Literal =
  | { readonly kind: "string"; readonly value: string }
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "null" };

export type Comparator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "contains" | "startsWith" | "endsWith";

export type FilterNode =
  /** `field op literal`; `at` is the field's 0-based offset in the filter text (0 for Shape A). */
  | {
      readonly kind: "compare";
      readonly field: string;
      readonly op: Comparator;
      readonly value: Literal;
      readonly at: number;
    }
  /** `field in [literal, …]` (possibly empty). */
  | { readonly kind: "in"; readonly field: string; readonly values: readonly Literal[]; readonly at: number }
  /** Two or more operands (a chain `a and b and c` is one node). */
  | { readonly kind: "and"; readonly operands: readonly FilterNode[] }
  | { readonly kind: "or"; readonly operands: readonly FilterNode[] }
  | { readonly kind: "not"; readonly operand: FilterNode };

/** The filter language's limits: text length and nesting of parentheses and `not`. */
export const FILTER_MAX_LENGTH = 2000;
export const FILTER_MAX_DEPTH = 16;

/** A filter that cannot run: what is wrong and where (0-based offset into the filter text). */
export class FilterError extends Error {
  readonly problem: string;
  readonly position: number;
  constructor(problem: string, position: number) {
    super(`${problem} at ${position}`);
    this.name = new.target.name;
    this.problem = problem;
    this.position = position;
  }
}

/** A syntax error: `problem` says what was expected there (`expected a value`). */
export class FilterSyntaxError extends FilterError {
  get expected(): string {
    return this.problem;
  }
}
