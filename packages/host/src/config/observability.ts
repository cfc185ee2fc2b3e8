import * as v from "valibot";
import { type Env, bool, readEnv } from "./env.ts";

const entries = {
  LOG_LEVEL: v.optional(v.picklist(["fatal", "error", "warn", "info", "debug", "trace", "silent"]), "info"),
  METRICS_ENABLED: v.optional(bool, "true"),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"))),
};

/** What the process tells its operators: the log level and the Prometheus metrics. */
export type ObservabilityConfig = {
  readonly logLevel: string;
  /**
   * Prometheus metrics: collected and served at /metrics unless METRICS_ENABLED=false; with a token, /metrics asks for
   * it as a bearer token.
   */
  readonly metrics: { readonly enabled: boolean; readonly token: string | undefined };
};

export const parseObservabilityConfig = (env: Env): ObservabilityConfig => {
  const e = readEnv(entries, env);
  return { logLevel: e.LOG_LEVEL, metrics: { enabled: e.METRICS_ENABLED, token: e.METRICS_TOKEN } };
};
