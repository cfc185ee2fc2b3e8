import { timingSafeEqual } from "node:crypto";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from "@opentelemetry/api";
import type { Context, MiddlewareHandler } from "hono";
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

/** `http_server_request_duration_seconds{method, route, status_code}` for every request. */
export const requestMetrics = (metrics: PlatformMetrics): MiddlewareHandler => {
  const duration = metrics.histogram({
    name: "http_server_request_duration_seconds",
    help: "How long the service took to answer a request, by method, route template and status code.",
    labelNames: ["method", "route", "status_code"],
  });
  return async (c, next) => {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      end({ method: c.req.method, route: routeTemplate(c), status_code: String(c.res.status) });
    }
  };
};

/**
 * A `debug` line per request (method, route template, status, time, request id, and the
 * caller's principalId and clientId when a token named one); nothing is built at higher levels.
 */
export const accessLog =
  (log: Logger): MiddlewareHandler =>
  async (c, next) => {
    if (!log.isLevelEnabled("debug")) return next();
    const started = performance.now();
    await next();
    const caller = findCaller(c);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const identity = { principalId: caller?.principalId, clientId: caller?.clientId };
    log.debug(
      {
        method: c.req.method,
        route: routeTemplate(c),
        status: c.res.status,
        ms,
        requestId: getRequestId(c),
        ...identity,
      },
      "request",
    );
  };

/**
 * The request's span. The http instrumentation makes it when the process was started with it
 * (from `traceparent`); this names it by the route. A request handed to the app without that
 * (in process, from a test or the gateway's own calls) gets its span here, `traceparent` honoured.
 */
export const requestSpan = (): MiddlewareHandler => async (c, next) => {
  if (!tracingEnabled() || UNTRACED_PATHS.has(c.req.path)) return next();
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
