import { FilterError } from "./ast.ts";

/** A filter that parses but does not fit the edge (unknown field, type mismatch); 400 at its position. */
export class FilterTypeError extends FilterError {}
