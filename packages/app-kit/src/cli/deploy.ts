import { resolve } from "node:path";
import type { Installed } from "./install-folder.ts";
import { installFolder } from "./install-folder.ts";
import type { Io } from "./io.ts";
import { UsageError } from "./io.ts";

/** Each ingress of an installed app: method, URL, and who may call it. */
export const ingressLines = (app: Pick<Installed, "appId" | "ingresses">): string[] =>
  app.ingresses.map(
    (i) =>
      `  ${i.method} ${i.url}  ${i.isPublic ? "public" : `needs a token with ingress/${app.appId}/${i.id}:invoke`}`,
  );

/**
 * `platform apps deploy DIR --url URL`: the folder built and installed on a running service with
 * the token of `--token` or PLATFORM_TOKEN (it needs apps:write); prints the version the service
 * answered and the ingresses. A refusal prints the service's error code and exits 1.
 */
export const deploy = async (io: Io, dir: string, url: string | undefined, token: string | undefined) => {
  if (!url) throw new UsageError("deploy needs the service's address (--url URL)");
  if (!token) throw new UsageError("deploy needs a token holding apps:write (--token TOKEN or PLATFORM_TOKEN)");
  const app = await installFolder(io, resolve(dir), url, token);
  if (!app) return 1;
  io.out(`deployed ${app.appId} to ${url}: version ${app.version} (${app.outcome})`);
  for (const line of ingressLines(app)) io.out(line);
  return 0;
};
