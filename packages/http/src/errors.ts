import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError } from "@platform/kernel";
import type { ErrorCode } from "@platform/kernel";

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  INVALID_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  EMAIL_NOT_UNIQUE: 409,
  PHONE_NOT_UNIQUE: 409,
  INVALID_STATE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  COMMAND_REJECTED: 422,
  QUERY_TOO_EXPENSIVE: 400,
  PRECONDITION_REQUIRED: 428,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  COMPONENT_FAILED: 502,
  COMPONENT_TIMEOUT: 504,
};

export const statusOf = (code: ErrorCode): ContentfulStatusCode => STATUS[code] ?? 500;

/** The error body of every non-OAuth path: `{error: {code, message, details?}}` (docs/API.md). */
export const errorBody = (code: string, message: string, details?: unknown) => ({
  error: { code, message, ...(details !== undefined ? { details } : {}) },
});

/**
 * The error answer. Under /oauth/ it is RFC 6749's `{error, error_description}`:
 * the OAuth routes answer their own errors so, and what the gateway refuses before them (a body
 * over the limit, a NUL in the URL) is an invalid_request with the same status.
 */
export const sendError = (c: Context, error: DomainError) => {
  if (error.code === "UNAUTHENTICATED") c.header("WWW-Authenticate", 'Bearer realm="api"');
  const retryAfterS = (error.details as { retryAfterS?: unknown } | undefined)?.retryAfterS;
  if (error.code === "RATE_LIMITED" && typeof retryAfterS === "number") c.header("Retry-After", String(retryAfterS));
  if (c.req.path.startsWith("/oauth/"))
    return c.json({ error: "invalid_request", error_description: error.message }, statusOf(error.code));
  return c.json(errorBody(error.code, error.message, error.details), statusOf(error.code));
};

type Log = { error: (obj: object, msg: string) => void };

/** The gateway's one error mapper: domain errors by code, anything else a logged 500. */
export const onError = (log: Log) => (err: Error, c: Context) => {
  if (err instanceof DomainError) return sendError(c, err);
  const status = (err as { status?: number }).status;
  if (status === 413) return sendError(c, new DomainError("PAYLOAD_TOO_LARGE", "Request body is too large"));
  if (status === 400 || err instanceof SyntaxError)
    return sendError(c, new DomainError("INVALID_REQUEST", "Malformed request"));
  const requestId = c.res.headers.get("X-Request-Id") ?? c.get("requestId");
  log.error({ err: { message: err.message, stack: err.stack }, requestId, path: c.req.path }, "unhandled error");
  return c.json(errorBody("INTERNAL", `Internal error (request ${String(requestId)})`), 500);
};

export const notFoundRoute = (c: Context) =>
  // OAuth paths answer in RFC 6749 form, unknown ones too.
  c.req.path.startsWith("/oauth/")
    ? c.json({ error: "invalid_request", error_description: `No endpoint ${c.req.method} ${c.req.path}` }, 404)
    : c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`), 404);
