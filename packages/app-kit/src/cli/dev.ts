import { existsSync, watch } from "node:fs";
import { resolve } from "node:path";
import { clientCredentialsToken } from "../client/service-client.ts";
import { ingressLines } from "./deploy.ts";
import { devClientId, startDevService } from "./dev-service.ts";
import type { DevService } from "./dev-service.ts";
import { installFolder } from "./install-folder.ts";
import type { Io } from "./io.ts";
import { UsageError } from "./io.ts";

/** Changes this close together are one install (an editor's save writes a file more than once). */
const SETTLE_MS = 40;
/** The dev client's tokens are asked for again after this long (they live longer). */
const TOKEN_REUSE_MS = 5 * 60_000;
/** What a change under these does not reinstall: the kit's own state, dependencies, version control. */
const IGNORED = /^(\.platform|node_modules|\.git)(\/|$)/;

const cachedToken = (url: string, secret: string) => {
  let token: { value: string; at: number } | undefined;
  return async () => {
    if (!token || Date.now() - token.at > TOKEN_REUSE_MS)
      token = { value: await clientCredentialsToken(url, devClientId, secret), at: Date.now() };
    return token.value;
  };
};

/**
 * `platform apps dev DIR [--url URL] [--port N]`: with no URL, the service on the embedded engine
 * (DIR/.platform/data) on port N (default 8787; 0 for any free one); with one, that service and the
 * token of --token or PLATFORM_TOKEN. The folder is installed at once and again after every change
 * under it; the dev service's component log lines are printed with their run (its request id).
 * Runs until SIGINT or SIGTERM.
 */
export const dev = async (
  io: Io,
  dirArg: string,
  options: { url?: string; token?: string; port?: string },
): Promise<number> => {
  const dir = resolve(dirArg);
  if (!existsSync(dir)) throw new UsageError(`${dirArg} does not exist`);
  const port = Number(options.port ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port must be 0 to 65535");
  if (options.url && !options.token)
    throw new UsageError("with --url, dev needs a token holding apps:write (--token TOKEN or PLATFORM_TOKEN)");
  let service: DevService | undefined;
  if (!options.url) {
    service = await startDevService(io, dir, port);
    io.out(`the service runs on the embedded engine at ${service.url} (data in ${dirArg}/.platform/data)`);
  }
  const url = options.url ?? service!.url;
  const token = service ? cachedToken(url, service.clientSecret) : async () => options.token!;

  let shown = "";
  const install = async () => {
    const started = performance.now();
    const app = await installFolder(io, dir, url, await token());
    if (!app) return io.err("not installed: fix the folder and save again");
    io.out(`${app.outcome} ${app.appId} version ${app.version} in ${Math.round(performance.now() - started)} ms`);
    const lines = ingressLines(app).join("\n");
    if (lines !== shown) io.out((shown = lines));
    if (service && app.ingresses.some((i) => !i.isPublic))
      io.out(`  a token for the private ones (the dev client's): ${await token()}`);
  };

  // One install at a time; changes during one make one more after it.
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (running) return void (again = true);
    running = install()
      .catch((e: Error) => io.err(`install failed: ${e.message}`))
      .finally(() => {
        running = undefined;
        if (again) (again = false), schedule();
      });
  };
  schedule();
  const watcher = watch(dir, { recursive: true }, (_event, file) => {
    if (file && IGNORED.test(file.split("\\").join("/"))) return;
    clearTimeout(timer);
    timer = setTimeout(schedule, SETTLE_MS);
  });
  io.out(`watching ${dirArg}: every change is installed again (Ctrl-C ends)`);
  await new Promise<void>((done) => {
    process.once("SIGINT", done);
    process.once("SIGTERM", done);
  });
  watcher.close();
  clearTimeout(timer);
  await running;
  await service?.stop();
  return 0;
};
