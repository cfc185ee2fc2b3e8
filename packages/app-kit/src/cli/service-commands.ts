import { deploy } from "./deploy.ts";
import { dev } from "./dev.ts";
import type { Io } from "./io.ts";

/** `dev` and `deploy`: the commands that talk to a service (the token from --token, else PLATFORM_TOKEN). */
export const serviceCommand = async (
  io: Io,
  command: string,
  dir: string,
  values: { url?: string; token?: string; port?: string },
): Promise<number> => {
  const token = values.token ?? process.env.PLATFORM_TOKEN;
  if (command === "deploy") return deploy(io, dir, values.url, token);
  return dev(io, dir, { url: values.url, token, port: values.port });
};
