/** A filter that parses but does not fit the edge (unknown field, type mismatch); 400 at its position. */
export class FilterTypeError extends Error {
  readonly position: number;
  readonly problem: string;
  constructor(problem: string, position: number) {
    super(`${problem} at ${position}`);
    this.name = "FilterTypeError";
    this.problem = problem;
    this.position = position;
  }
}
