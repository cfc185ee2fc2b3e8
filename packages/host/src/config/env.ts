import * as v from "valibot";
import { ConfigError } from "./config-error.ts";

/** The process environment, or a test's stand-in for it. */
export type Env = Record<string, string | undefined>;

// A true/false setting takes true, false, 1 or 0 (any case) and nothing else: read as false, a
// "yes" or "on" would silently turn off what its writer meant to turn on.
export const bool = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => /^(true|false|1|0)$/i.test(s), "must be true, false, 1 or 0"),
  v.transform((s) => s === "1" || s.toLowerCase() === "true"),
);

export const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(min),
    v.maxValue(max),
  );

export const url = (schemes: readonly string[]) =>
  v.pipe(
    v.string(),
    v.check(
      (s) => {
        try {
          return schemes.includes(new URL(s).protocol.replace(/:$/, ""));
        } catch {
          return false;
        }
      },
      `must be a URL with scheme ${schemes.join(" or ")}`,
    ),
  );

/**
 * A slice's variables read from the environment: an empty variable counts as unset (so its default applies), others
 * are not the slice's business. Throws ConfigError naming every bad variable of the slice.
 */
export const readEnv = <const E extends v.ObjectEntries>(
  entries: E,
  env: Env,
): v.InferOutput<v.ObjectSchema<E, undefined>> => {
  const input = Object.fromEntries(
    Object.entries(env).filter(([k, val]) => Object.hasOwn(entries, k) && val !== undefined && val !== ""),
  );
  const parsed = v.safeParse(v.object(entries), input);
  if (!parsed.success)
    throw new ConfigError(
      parsed.issues.map((i) => `${i.path?.map((p) => String(p.key)).join(".") ?? "?"}: ${i.message}`),
    );
  return parsed.output;
};

/** Throws ConfigError when a slice's checks across its variables found problems. */
export const refuse = (problems: readonly string[]): void => {
  if (problems.length) throw new ConfigError(problems);
};
