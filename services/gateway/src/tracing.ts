import { register } from "node:module";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { PinoInstrumentation } from "@opentelemetry/instrumentation-pino";
// Only the kernel, which loads none of the modules instrumented: they must load after the SDK starts.
import { UNTRACED_PATHS, enableTracing } from "@platform/kernel";

/** The modules the instrumentations patch. */
const INSTRUMENTED = ["http", "https", "pg", "pino"];


/**
 * Starts OpenTelemetry's Node SDK: spans exported over OTLP (the SDK reads the standard
 * OTEL_* variables: endpoint, protocol, headers, batch delays, sampler, service name), the
 * http, pg and pino instrumentations, W3C `traceparent` propagation. Metrics stay with
 * Prometheus (/metrics) and logs on stdout unless OTEL_METRICS_EXPORTER or OTEL_LOGS_EXPORTER
 * say otherwise. Must run before the service's modules load (main.ts), so that the
 * instrumentations' ESM hook sees them. Resolves with the SDK's flush-and-stop.
 */
export const startTracing = async (): Promise<() => Promise<void>> => {
  // Only the modules instrumented go through the ESM hook: wrapping every module would add seconds to a start.
  register("@opentelemetry/instrumentation/hook.mjs", import.meta.url, { data: { include: INSTRUMENTED } });
  process.env.OTEL_METRICS_EXPORTER ??= "none";
  process.env.OTEL_LOGS_EXPORTER ??= "none";
  process.env.OTEL_SERVICE_NAME ??= "actor-platform";
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? "").split("?")[0]!) }),
      new PgInstrumentation({ requireParentSpan: true }),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  enableTracing();
  return () => sdk.shutdown();
};
