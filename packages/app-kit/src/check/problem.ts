import { isAbsolute, relative } from "node:path";

/** One problem a check found, at a place in a file (line and column from 1, when known). */
export type Problem = {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
};

/** A file as compilers print it: relative to the working directory when inside it, else as it is. */
const shown = (file: string, cwd: string) => {
  const path = relative(cwd, file);
  return path && !path.startsWith("..") && !isAbsolute(path) ? path : file;
};

/** `file:line:column message`. */
export const formatProblem = (p: Problem, cwd = process.cwd()): string =>
  `${shown(p.file, cwd)}${p.line !== undefined ? `:${p.line}:${p.column ?? 1}` : ""} ${p.message}`;
