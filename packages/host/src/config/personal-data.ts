import * as v from "valibot";
import { type Env, readEnv, refuse } from "./env.ts";

/** DATA_KEY's 32 bytes (64 hex digits, or base64 / base64url), or undefined when it is not that. */
export const dataKeyBytes = (text: string): Buffer | undefined => {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, "base64")
      : undefined;
  return bytes?.length === 32 ? bytes : undefined;
};

const entries = {
  DATA_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => dataKeyBytes(s) !== undefined,
        "must be 32 random bytes, as 64 hex digits or base64 (openssl rand -base64 32)",
      ),
    ),
  ),
  DATA_KEY_PREVIOUS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => dataKeyBytes(s) !== undefined, "must be 32 random bytes, as 64 hex digits or base64"),
    ),
  ),
};

export type PersonalDataConfig = {
  /**
   * DATA_KEY: the key that wraps every data subject's key (docs/PRIVACY.md). Unset: a key
   * generated into DATA_DIR, which a production deployment on PostgreSQL may not use.
   */
  readonly dataKey: string | undefined;
  /** DATA_KEY_PREVIOUS: the DATA_KEY being replaced; the start re-wraps every key under DATA_KEY. */
  readonly dataKeyPrevious: string | undefined;
};

/**
 * The deployment decides whether DATA_KEY is required (`databaseUrl` undefined when the database slice was refused:
 * its own problem is reported then, not this one).
 */
export const parsePersonalDataConfig = (
  env: Env,
  deployment: { readonly databaseUrl: string | undefined; readonly production: boolean },
): PersonalDataConfig => {
  const e = readEnv(entries, env);
  const problems: string[] = [];
  if (e.DATA_KEY_PREVIOUS && !e.DATA_KEY)
    problems.push("DATA_KEY_PREVIOUS: goes with DATA_KEY (the key that replaces it)");
  if (deployment.databaseUrl && deployment.production && !e.DATA_KEY)
    problems.push(
      "DATA_KEY: required on PostgreSQL in production (32 random bytes, e.g. openssl rand -base64 " +
        "32); it protects personal data and must be kept apart from the database",
    );
  refuse(problems);
  return { dataKey: e.DATA_KEY, dataKeyPrevious: e.DATA_KEY_PREVIOUS };
};
