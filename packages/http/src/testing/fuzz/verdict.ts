import type { Operation } from "@platform/host";
import type { ErrorCode } from "@platform/kernel";
import { statusOf } from "../../errors.ts";

/** An answer as the fuzz saw it. */
export type FuzzAnswer = {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly path: string;
};

/** RFC 6749 §5.2, RFC 7009 §2.2.1 and RFC 6750 §3.1 error codes. */
const OAUTH_ERRORS = new Set([
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "invalid_scope",
  "unsupported_token_type",
  "access_denied",
  "invalid_token",
  "insufficient_scope",
]);

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const platformProblem = (status: number, body: unknown): string | undefined => {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (typeof error !== "object" || error === null)
    return "the body is not the contract's error envelope {error: {code, message}}";
  if (typeof error.code !== "string" || typeof error.message !== "string" || error.message === "")
    return "error.code and error.message must be non-empty strings";
  if (Object.keys(body as object).length !== 1) return "the envelope has fields besides error";
  if (statusOf(error.code as ErrorCode) !== status) return `error code ${error.code} does not go with status ${status}`;
  return undefined;
};

const oauthProblem = (body: unknown): string | undefined => {
  const b = body as { error?: unknown; error_description?: unknown } | undefined;
  if (typeof b?.error !== "string" || !OAUTH_ERRORS.has(b.error))
    return "the body is not an RFC 6749 error {error, error_description}";
  if (b.error_description !== undefined && typeof b.error_description !== "string")
    return "error_description must be a string";
  return undefined;
};

/**
 * What is wrong with an answer to a fuzzed request, or undefined: never a 5xx, and an error
 * in the shape its route publishes: the platform envelope with the status of
 * its code, RFC 6749's form under /oauth/, an HTML page from the browser routes.
 */
export const answerProblem = (op: Operation, a: FuzzAnswer): string | undefined => {
  if (a.status >= 500) return `answered ${a.status}`;
  // Success answers, and errors whose body is the operation's response (the actor API's 422), are checked against their
  // schemas by the test platform.
  if (a.status < 400 || op.rejectedWithResponse?.includes(a.status)) return undefined;
  if (/^text\/html\b/i.test(a.contentType))
    return op.errors === "html" || op.produces === "text/html"
      ? undefined
      : `an HTML error page from a route whose errors are ${op.errors ?? "platform"}`;
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(a.contentType))
    return `a ${a.status} answered as ${a.contentType || "no content type"}`;
  const body = json(a.text);
  return a.path.startsWith("/oauth/") ? oauthProblem(body) : platformProblem(a.status, body);
};
