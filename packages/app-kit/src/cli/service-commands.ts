import type { Io } from "./io.ts";

/** `dev` and `deploy`: the commands that talk to a service. */
export const serviceCommand = async (
  io: Io,
  command: string,
  _dir: string,
  _values: { url?: string; token?: string },
): Promise<number> => {
  io.err(`platform apps ${command} is not built yet`);
  return 1;
};
