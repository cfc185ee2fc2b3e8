import { SpanStatusCode, isSpanContextValid, trace } from "@opentelemetry/api";
import type { Attributes } from "@opentelemetry/api";

/**
 * Spans of the platform's own work (a command batch, an append, a projection batch, a job run,
 * a component run). Off until the process starts an OpenTelemetry SDK (`enableTracing`): the
 * default start then pays one boolean test per span, not the API's no-op objects.
 */
let enabled = false;

/** Called once the SDK is registered (services/gateway/src/tracing.ts). */
export const enableTracing = (): void => {
  enabled = true;
};

export const tracingEnabled = (): boolean => enabled;

/** Paths whose requests make no span: probes and scrapes, many a minute, of no interest in a trace. */
export const UNTRACED_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz", "/metrics"]);

const tracer = () => trace.getTracer("actor-platform");

/** Runs `work` inside a span named `name`, ending it with the outcome; just `work()` when tracing is off. */
export const traced = <T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> => {
  if (!enabled) return work();
  return tracer().startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
};

/** The trace id of the active span, when tracing is on and one is active. */
export const currentTraceId = (): string | undefined => {
  if (!enabled) return undefined;
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? context.traceId : undefined;
};

/** The active span's ids for a log line (`trace_id`, `span_id`, as OpenTelemetry's log data model names them). */
export const traceFields = (): { trace_id: string; span_id: string } | undefined => {
  if (!enabled) return undefined;
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : undefined;
};
