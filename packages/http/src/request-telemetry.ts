import { timingSafeEqual } from "node:crypto";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from "@opentelemetry/api";
import type { Context, MiddlewareHandler, Next } from "hono";
import { matchedRoutes } from "hono/route";
import { DomainError, UNTRACED_PATHS, tracingEnabled } from "@platform/kernel";
import type { Logger, PlatformMetrics } from "@platform/host";
import { getRequestId } from "./request-id.ts";
import { findCaller } from "./auth.ts";

/** What a request that no route answered counts as: its path is the client's, not ours. */
export const UNMATCHED = "unmatched";

/**
 * The template of the route that answered, in OpenAPI's form (`/resources/orders/{id}`), never
 * the raw path: the label's values are the routes we publish, a bounded set.
 */
export const routeTemplate = (c: Context): string => {
  const path = matchedRoutes(c)[c.req.routeIndex]?.path;
  if (!path || path === "*" || path === "/*") return UNMATCHED;
  let template = templates.get(path);
  if (template === undefined)
    templates.set(path, (template = path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}")));
  return template;
};

/** Hono's route paths in OpenAPI's form, each rewritten once (as many as the routes registered). */
const templates = new Map<string, string>();

/**
 * Every request's telemetry, in one layer (each layer of middleware costs a few microseconds of a trivial request's
 * 30): its span, named by the route that answered; `http_server_request_duration_seconds{method, route, status_code}`
 * when metrics are on; and a `debug` line (method, route template, status, time, request id, and the caller's
 * principalId and clientId when a token named one), built only when debug lines are written.
 */
export const requestTelemetry = (metrics: PlatformMetrics, log: Logger): MiddlewareHandler => {
  const duration = metrics.enabled
    ? metrics.histogram({
        name: "http_server_request_duration_seconds",
        help: "How long the service took to answer a request, by method, route template and status code.",
        labelNames: ["method", "route", "status_code"],
      })
    : undefined;
  return async (c, next) => {
    const started = performance.now();
    try {
      await (tracingEnabled() && !UNTRACED_PATHS.has(c.req.path) ? traced(c, next) : next());
    } finally {
      const seconds = (performance.now() - started) / 1000;
      duration?.observe({ method: c.req.method, route: routeTemplate(c), status_code: String(c.res.status) }, seconds);
      if (log.isLevelEnabled("debug")) logRequest(log, c, seconds);
    }
  };
};

const logRequest = (log: Logger, c: Context, seconds: number) => {
  const caller = findCaller(c);
  log.debug(
    {
      method: c.req.method,
      route: routeTemplate(c),
      status: c.res.status,
      ms: Math.round(seconds * 10_000) / 10,
      requestId: getRequestId(c),
      principalId: caller?.principalId,
      clientId: caller?.clientId,
    },
    "request",
  );
};

/**
 * Runs the request in its span. The http instrumentation makes it when the process was started with it (from
 * `traceparent`); this names it by the route. A request handed to the app without that (in process, from a test or
 * the gateway's own calls) gets its span here, `traceparent` honoured.
 */
const traced = async (c: Context, next: Next): Promise<void> => {
  const active = trace.getActiveSpan();
  if (active) {
    await next();
    const route = routeTemplate(c);
    active.updateName(`${c.req.method} ${route}`);
    active.setAttribute("http.route", route);
    return;
  }
  const parent = propagation.extract(ROOT_CONTEXT, Object.fromEntries(c.req.raw.headers));
  const span = trace
    .getTracer("actor-platform")
    .startSpan(
      `${c.req.method}`,
      { kind: SpanKind.SERVER, attributes: { "http.request.method": c.req.method } },
      parent,
    );
  try {
    await context.with(trace.setSpan(parent, span), next);
  } finally {
    const route = routeTemplate(c);
    span.updateName(`${c.req.method} ${route}`);
    span.setAttributes({ "http.route": route, "http.response.status_code": c.res.status });
    if (c.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
};

/**
 * GET /metrics: the Prometheus text exposition. With METRICS_TOKEN set it asks for that token
 * as a bearer token (compared in constant time); without, it is open like /readyz, since it
 * holds aggregate figures only (no label carries an id).
 */
export const metricsRoute = (metrics: PlatformMetrics, token: string | undefined) => async (c: Context) => {
  if (token !== undefined && !bearerMatches(c.req.header("Authorization"), token)) {
    throw new DomainError("UNAUTHENTICATED", "/metrics needs the metrics token (METRICS_TOKEN) as a bearer token");
  }
  const { contentType, text } = await metrics.exposition();
  c.header("Content-Type", contentType);
  c.header("Cache-Control", "no-store");
  return c.body(text);
};

const bearerMatches = (header: string | undefined, token: string): boolean => {
  const given = /^Bearer (.+)$/i.exec(header ?? "")?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};
