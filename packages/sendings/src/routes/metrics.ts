import { Hono } from "hono";
import type { PlatformDeps } from "@platform/platform";
import { prometheusText } from "../health.ts";
import { sendingStats } from "../read-model/queries.ts";

/**
 * GET /metrics in Prometheus text format. No token required: it exposes aggregate counts
 * only (no recipients, subjects or ids), like /readyz, so a scraper needs no credentials;
 * restrict it at the network edge if even counts are sensitive.
 */
export const metricsRoutes = (deps: PlatformDeps): Hono =>
  new Hono().get("/metrics", async (c) => {
    c.header("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    c.header("Cache-Control", "no-store");
    return c.body(prometheusText(await sendingStats(deps.db.kysely)));
  });
