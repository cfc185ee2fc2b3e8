import { checkApp } from "../check/check-app.ts";
import { formatProblem } from "../check/problem.ts";
import type { Io } from "./io.ts";

/** `platform apps check DIR`: each problem as `file:line:column message` and exit 1, or what was checked. */
export const check = async (io: Io, dir: string): Promise<number> => {
  const { appId, problems } = await checkApp(dir);
  for (const problem of problems) io.err(formatProblem(problem));
  if (problems.length > 0) {
    io.err(`${problems.length} problem${problems.length === 1 ? "" : "s"} in ${dir}`);
    return 1;
  }
  io.out(`app ${appId} in ${dir}: the manifest, its components and their types are as the service requires`);
  return 0;
};
