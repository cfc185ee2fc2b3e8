import { Hono } from "hono";
import type { MiddlewareHandler } from "hono";
import { requestGuards } from "./body.ts";
import { notFoundRoute, onError } from "./errors.ts";
import { takeRequestId } from "./request-id.ts";
import { SECURITY_HEADERS } from "./security-headers.ts";
import { answerWith } from "./answer-headers.ts";
import type { Platform } from "@platform/host";
import { readiness } from "./readiness.ts";
import { metricsRoute, requestTelemetry } from "./request-telemetry.ts";
import { attachGatewayApp } from "./in-process-gateway.ts";
import { replicaReads } from "./replica-reads.ts";

export type GatewayOptions = {
  /** Middleware run around every route, after the shared ones (test platforms check answers against the contracts). */
  readonly middleware?: readonly MiddlewareHandler[];
};

/** The gateway: composes every context's routes behind the shared middleware. No domain code here. */
export const createGatewayApp = (platform: Platform, options: GatewayOptions = {}): Hono => {
  const app = new Hono();
  const { metrics } = platform;
  // Three layers around every route (each layer costs a few microseconds of a trivial request's 30): telemetry, the
  // headers of every answer (security and request id), and the checks of the URL and body size.
  app.use("*", requestTelemetry(metrics, platform.log));
  app.use("*", (c, next) => answerWith(c, next, [...SECURITY_HEADERS, ["X-Request-Id", takeRequestId(c)]]));
  app.use("*", requestGuards(platform.config.bodyLimitBytes));
  if (platform.db.replicas) app.use("*", replicaReads(platform.db.replicas));
  for (const m of options.middleware ?? []) app.use("*", m);
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const r = await readiness(platform);
    return c.json(r, r.ready ? 200 : 503);
  });
  if (metrics.enabled) app.get("/metrics", metricsRoute(metrics, platform.config.metrics.token));
  for (const context of platform.contexts) {
    if (context.routes) app.route("/", context.routes(platform));
  }
  app.notFound(notFoundRoute);
  app.onError(onError(platform.log));
  // The first gateway built on a platform is the one its contexts call in-process (the gateway port).
  attachGatewayApp(platform.ports, app);
  return app;
};
