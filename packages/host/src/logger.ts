import pino from "pino";
import { traceFields } from "@platform/kernel";

export type Logger = pino.Logger;

/**
 * Keys whose values never reach a log line, at any depth, compared without case, `-` or `_`
 * (so `client_secret`, `clientSecret` and `Client-Secret` are one key). pino's own `redact`
 * paths name fixed depths; these are found wherever they are.
 */
const SECRET_KEYS = new Set(
  [
    "authorization",
    "cookie",
    "set-cookie",
    "x-client-secret",
    "client_secret",
    "secret",
    "password",
    "new_password",
    "current_password",
    "temporary_password",
    "token",
    "access_token",
    "refresh_token",
    "id_token",
    "code_verifier",
    "cookie_secret",
    "private_jwk",
  ].map((k) => normalize(k)),
);

function normalize(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, "");
}

const REDACTED = "[redacted]";
const MAX_DEPTH = 12;

/** A copy of `value` with every secret key's value replaced (objects without one are kept as they are). */
export const redactSecrets = (value: unknown, depth = 0, seen = new WeakSet<object>()): unknown => {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (Array.isArray(value)) {
    const out = value.map((v) => redactSecrets(v, depth + 1, seen));
    return out.every((v, i) => v === value[i]) ? value : out;
  }
  // Errors, Dates, Buffers and the like keep their own serialization.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const next = SECRET_KEYS.has(normalize(k)) ? REDACTED : redactSecrets(v, depth + 1, seen);
    if (next !== v) changed = true;
    out[k] = next;
  }
  return changed ? out : value;
};

/**
 * Structured JSON logs. Secrets never reach them: every logged object goes through
 * `redactSecrets` (the keys above, at any depth). With tracing on, a line written inside a
 * span carries its `trace_id` and `span_id`. `destination` is for tests.
 */
export const createLogger = (level = "info", destination?: pino.DestinationStream): Logger =>
  pino(
    {
      level,
      base: { service: "actor-platform" },
      // A new object on every line: pino merges the line's own fields into what the mixin
      // returns, so a shared one would carry every earlier line's fields into all later ones.
      mixin: () => traceFields() ?? {},
      formatters: { log: (object) => redactSecrets(object) as Record<string, unknown> },
    },
    ...(destination ? [destination] : []),
  );
