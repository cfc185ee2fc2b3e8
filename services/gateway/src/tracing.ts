import type { ClientRequest, IncomingMessage } from "node:http";
import { register } from "node:module";
import type { Attributes, Span } from "@opentelemetry/api";
import { NodeSDK } from "@opentelemetry/sdk-node";
import type { tracing } from "@opentelemetry/sdk-node";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { PinoInstrumentation } from "@opentelemetry/instrumentation-pino";
// Only the kernel, which loads none of the modules instrumented: they must load after the SDK starts.
import { UNTRACED_PATHS, enableTracing } from "@platform/kernel";

/** The modules the instrumentations patch. */
const INSTRUMENTED = ["http", "https", "pg", "pino"];

/**
 * An incoming request's `url.query` as its parameters' names (`recipient&search`): the values
 * name people (`recipient`, `login_hint`) or are credentials a client put in the URL
 * (`client_secret`, `access_token`), and a span is kept and seen where they must not be.
 */
const queryNames = (request: IncomingMessage): Attributes => {
  const url = request.url ?? "";
  const at = url.indexOf("?");
  if (at < 0 || at === url.length - 1) return {};
  return { "url.query": [...new Set(new URLSearchParams(url.slice(at + 1)).keys())].join("&") };
};

/**
 * A request the service makes keeps scheme, host and port (`https://host:443`): its path and
 * query can be a capability (a push endpoint, a webhook's URL) or a person's id. The
 * instrumentation has set `url.full` by then, its scheme right for http and https alike.
 */
const originOnly = (span: Span, request: ClientRequest | IncomingMessage): void => {
  // An outgoing message (it has getHeader), told apart without loading node:http before the SDK starts.
  if (!("getHeader" in request)) return;
  const full = (span as Partial<tracing.ReadableSpan>).attributes?.["url.full"];
  let origin = `${request.protocol}//${request.host}`;
  try {
    const url = new URL(String(full));
    origin = `${url.protocol}//${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
  } catch {
    // Not a URL: the request's own scheme and host, still without its path.
  }
  span.setAttribute("url.full", origin);
};

/**
 * Starts OpenTelemetry's Node SDK: spans exported over OTLP (the SDK reads the standard
 * OTEL_* variables: endpoint, protocol, headers, batch delays, sampler, service name), the
 * http, pg and pino instrumentations, W3C `traceparent` propagation. Metrics stay with
 * Prometheus (/metrics) and logs on stdout unless OTEL_METRICS_EXPORTER or OTEL_LOGS_EXPORTER
 * say otherwise. A span keeps a query's parameter names only, a request the service makes its
 * scheme, host and port only, and no header. Must run before the service's modules load
 * (main.ts), so that the instrumentations' ESM hook sees them. Resolves with the SDK's flush-and-stop.
 */
export const startTracing = async (): Promise<() => Promise<void>> => {
  // Only the modules instrumented go through the ESM hook: wrapping every module would add seconds to a start.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url, { data: { include: INSTRUMENTED } });
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  process.env.OTEL_SERVICE_NAME ??= "actor-platform";
  const sdk = new NodeSDK({
    instrumentations: [
      // No header is recorded (the instrumentation records none unless named): Authorization and cookies stay out.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? "").split("?")[0]!),
        startIncomingSpanHook: queryNames,
        requestHook: originOnly,
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  enableTracing();
  return () => sdk.shutdown();
};
