import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { bodyLimit, refuseNulInUrl } from "./body.ts";
import { notFoundRoute, onError } from "./errors.ts";
import { requestId } from "./request-id.ts";
import type { Platform } from "@platform/platform";
import { readiness } from "./readiness.ts";

/** The gateway: composes every context's routes behind the shared middleware. No domain code here. */
export const createGatewayApp = (platform: Platform): Hono => {
  const app = new Hono();
  app.use("*", requestId());
  app.use("*", secureHeaders({ crossOriginResourcePolicy: false, crossOriginOpenerPolicy: false, xFrameOptions: "DENY" }));
  app.use("*", bodyLimit(platform.config.bodyLimitBytes));
  app.use("*", refuseNulInUrl());
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    const r = await readiness(platform);
    return c.json(r, r.ready ? 200 : 503);
  });
  for (const context of platform.contexts) {
    if (context.routes) app.route("/", context.routes(platform));
  }
  app.notFound(notFoundRoute);
  app.onError(onError(platform.log));
  return app;
};
