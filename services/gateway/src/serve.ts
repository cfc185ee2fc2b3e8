import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { ConfigError, bootPlatform, createLogger, loadConfig } from "@platform/host";
import type { Config } from "@platform/host";
import { startWorker } from "@platform/host";
import type { Worker } from "@platform/host";
import { createGatewayApp } from "@platform/http";
import { ownerPrincipalExists } from "@platform/iam";
import { contexts } from "./wiring.ts";

/**
 * The service (main.ts loads it, after tracing when that is on). ROLES picks the gateway
 * (HTTP), the worker (projections, reactors, dispatcher, scheduler) or both.
 */
type ServeOptions = {
  /** Startup times so far (logged with "listening"), and ms since the process started. */
  readonly startup: Record<string, number>;
  readonly since: () => number;
  /** Exports what tracing still holds, before the process exits. */
  readonly flush?: () => Promise<void>;
};

export const serve = async ({ startup, since, flush }: ServeOptions) => {
  startup.loadedMs = since();
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(78);
    }
    throw e;
  }
  const log = createLogger(config.logLevel);
  let handler: ReturnType<typeof getRequestListener> | undefined;
  const server = createServer((req, res) => {
    if (handler) return void handler(req, res);
    res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "1" });
    res.end(JSON.stringify({ error: { code: "UNAVAILABLE", message: "Starting up" } }));
  });
  if (config.roles.gateway) {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    // PORT=0 picks a free port; the public URL (the OAuth issuer) must name the real one.
    if (config.port === 0) config = loadConfig({ ...process.env, PORT: String(port) });
  }
  // A configuration only the database can judge (DATA_KEY) fails here, with the same exit code.
  const platform = await bootPlatform({ config, contexts, log }).catch((e: unknown) => {
    if (!(e instanceof ConfigError)) throw e;
    process.stderr.write(`${e.message}\n`);
    process.exit(78);
  });
  startup.bootedMs = since();
  let worker: Worker | undefined;
  if (config.roles.worker) worker = startWorker(platform);
  await platform.caughtUp();
  startup.caughtUpMs = since();
  if (config.roles.gateway) {
    handler = getRequestListener(createGatewayApp(platform).fetch);
    // Asked of the read model, caught up with the bootstrap: an owner made on an earlier start counts.
    const ownerExists = await ownerPrincipalExists(platform.db);
    const port = (server.address() as AddressInfo).port;
    log.info(
      {
        port,
        url: config.publicUrl,
        engine: platform.db.engine,
        store: platform.store.kind,
        roles: config.roles,
        startup,
      },
      "listening",
    );
    process.stdout.write(`Listening on http://${config.host}:${port} (public URL ${config.publicUrl})\n`);
    process.stdout.write(
      `Portal:        ${config.publicUrl}/portal\n` +
        `API reference: ${config.publicUrl}/docs (OpenAPI: ${config.publicUrl}/openapi.json)\n`,
    );
    if (!ownerExists)
      process.stdout.write(
        "First run? Set BOOTSTRAP_OWNER_EMAIL and BOOTSTRAP_OWNER_PASSWORD to create an owner you " +
          "can sign in with (see README).\n",
      );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    if (config.roles.gateway) await closed;
    clearTimeout(force);
    await worker?.stop();
    await platform.close();
    await flush?.().catch(() => undefined);
    log.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
};
