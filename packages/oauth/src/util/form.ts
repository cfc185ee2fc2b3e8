import type { Context } from "hono";
import { OAuthError } from "../errors/oauth-error.ts";

/** The parameters of an application/x-www-form-urlencoded body; each may appear once (RFC 6749 §3.1). */
export type FormParams = { get(name: string): string | undefined; readonly raw: URLSearchParams };

/** Reads a form body; invalid_request when it is not form-encoded or repeats a parameter. */
export const readForm = async (c: Context): Promise<FormParams> => {
  const type = c.req.header("Content-Type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded");
  return paramsOf(new URLSearchParams(await c.req.text()));
};

/** Single-valued access to query or form parameters; empty values count as absent (RFC 6749 §3.1). */
export const paramsOf = (raw: URLSearchParams): FormParams => {
  const seen = new Set<string>();
  for (const key of raw.keys()) {
    if (seen.has(key)) throw new OAuthError("invalid_request", `Parameter ${key} must not be repeated`);
    seen.add(key);
  }
  return { raw, get: (name) => raw.get(name) || undefined };
};
