import type { Hono } from "hono";
import { createTestDatabase } from "@platform/db/testing";
import { bootPlatform, createLogger, loadConfig, platformMigrations } from "@platform/host";
import type { BoundedContext, Platform } from "@platform/host";
import { startWorker } from "@platform/host";
import { responseConformance } from "@platform/openapi";
import { createGatewayApp } from "../gateway-app.ts";

export type TestRequest = {
  readonly token?: string;
  readonly body?: unknown;
  /** Raw body text (sent as is). */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
};

export type TestPlatform = {
  readonly platform: Platform;
  readonly app: Hono;
  /** Calls the gateway in-process (no port). JSON bodies are encoded for you. */
  request(method: string, path: string, init?: TestRequest): Promise<Response>;
  close(): Promise<void>;
};

/**
 * Boots the given contexts on a fresh isolated database (PGlite, or a new schema on
 * DATABASE_URL), starts the worker side, and builds the gateway app. A success answer that
 * its operation's published response schema does not describe fails the request (500).
 */
export const createTestPlatform = async (
  contexts: readonly BoundedContext[],
  env: Record<string, string> = {},
): Promise<TestPlatform> => {
  const db = await createTestDatabase({ migrations: platformMigrations(contexts) });
  const config = loadConfig({ PORT: "8080", PUBLIC_URL: "http://localhost:8080", LOG_LEVEL: "silent", ...env });
  const log = createLogger(process.env.TEST_LOG_LEVEL ?? config.logLevel);
  const platform = await bootPlatform({ config, contexts, log, db });
  const worker = startWorker(platform);
  await platform.caughtUp();
  // Every answer a test sees is checked against the published response schemas (/openapi.json).
  const app = createGatewayApp(platform, { middleware: [responseConformance(platform.contracts)] });
  return {
    platform,
    app,
    request: (method, path, init = {}) => {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (init.token) headers.Authorization = `Bearer ${init.token}`;
      let body: string | undefined = init.raw;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers["Content-Type"] ??= "application/json";
      }
      return Promise.resolve(app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }));
    },
    close: async () => {
      await worker.stop();
      await platform.close();
      await db.close();
    },
  };
};
