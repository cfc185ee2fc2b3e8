import type { Context } from "hono";
import { isStorableText } from "@platform/http";
import { OAuthError } from "../errors/oauth-error.ts";

/** The parameters of an application/x-www-form-urlencoded body; each may appear once (RFC 6749 §3.1). */
export type FormParams = { get(name: string): string | undefined; readonly raw: URLSearchParams };

const FORM = /^application\/x-www-form-urlencoded\b/i;

/**
 * Why these parameters cannot be taken, or undefined: a name or value PostgreSQL cannot store
 * (NUL, a lone surrogate; `%00` decodes to NUL) would otherwise reach a lookup and be a 500.
 * The same rule as JSON bodies (@platform/http's readJson).
 */
const unstorableParameter = (raw: URLSearchParams): string | undefined => {
  for (const [key, value] of raw) {
    if (!isStorableText(key)) return "A parameter name must not contain NUL or unpaired surrogate characters";
    if (!isStorableText(value)) return `Parameter ${key} must not contain NUL or unpaired surrogate characters`;
  }
  return undefined;
};

/** Reads a form body; invalid_request when it is not form-encoded, repeats a parameter or holds unstorable text. */
export const readForm = async (c: Context): Promise<FormParams> => {
  if (!FORM.test(c.req.header("Content-Type") ?? ""))
    throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded");
  return paramsOf(new URLSearchParams(await c.req.text()));
};

/**
 * The sign-in, consent and sign-out forms a browser posts: their parameters, or the message
 * for the error page (not form-encoded, or unstorable text).
 */
export const readBrowserForm = async (
  c: Context,
  what: string,
): Promise<URLSearchParams | { readonly refused: string }> => {
  if (!FORM.test(c.req.header("Content-Type") ?? ""))
    return { refused: `The ${what} form must be posted as application/x-www-form-urlencoded.` };
  const form = new URLSearchParams(await c.req.text());
  const unstorable = unstorableParameter(form);
  return unstorable ? { refused: `${unstorable}.` } : form;
};

/**
 * Single-valued access to query or form parameters; empty values count as absent (RFC 6749 §3.1). Unstorable text is
 * invalid_request.
 */
export const paramsOf = (raw: URLSearchParams): FormParams => {
  const seen = new Set<string>();
  for (const key of raw.keys()) {
    if (seen.has(key)) throw new OAuthError("invalid_request", `Parameter ${key} must not be repeated`);
    seen.add(key);
  }
  const unstorable = unstorableParameter(raw);
  if (unstorable) throw new OAuthError("invalid_request", unstorable);
  return { raw, get: (name) => raw.get(name) || undefined };
};
