import { loadDotEnv } from "./dotenv.ts";

/**
 * The service's one entry point (`npm start`). Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * its traces-only form) is set, starts before anything else loads, so that its
 * instrumentations see the modules they patch (http, pg, pino); without it, none of the
 * OpenTelemetry SDK is loaded.
 */
// Startup is measured (and logged with "listening"): ms since the process started.
const since = () => Math.round(process.uptime() * 1000);
const startup: Record<string, number> = {};

const main = async () => {
  loadDotEnv();
  let flush: (() => Promise<void>) | undefined;
  if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
    const { startTracing } = await import("./tracing.ts");
    flush = await startTracing();
  }
  const { serve } = await import("./serve.ts");
  await serve({ startup, since, flush });
};

main().catch((e) => {
  process.stderr.write(`Failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
