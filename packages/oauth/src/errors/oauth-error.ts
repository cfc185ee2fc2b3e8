import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** RFC 6749 §5.2 / RFC 7009 / RFC 7662 error codes this server answers with. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "access_denied"
  | "unsupported_response_type"
  | "unsupported_token_type"
  | "server_error";

const STATUS: Record<OAuthErrorCode, ContentfulStatusCode> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  unsupported_response_type: 400,
  unsupported_token_type: 400,
  server_error: 500,
};

/** An error of an /oauth endpoint, answered in RFC 6749 form, never as the platform's error body. */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  /** Whether the client tried HTTP Basic: invalid_client then carries `WWW-Authenticate: Basic` (RFC 6749 §5.2). */
  readonly basic: boolean;
  /**
   * Set when the client must wait (throttled client authentication): answered 429 with `Retry-After` instead of the RFC
   * status.
   */
  readonly retryAfterS: number | undefined;

  constructor(
    error: OAuthErrorCode,
    description: string,
    opts: { readonly basic?: boolean; readonly retryAfterS?: number } = {},
  ) {
    super(description);
    this.name = "OAuthError";
    this.error = error;
    this.basic = opts.basic ?? false;
    this.retryAfterS = opts.retryAfterS;
  }
}

/**
 * `{"error","error_description"}` with the RFC status (429 and `Retry-After` when throttled), `Cache-Control:
 * no-store`.
 */
const sendOAuthError = (c: Context, e: OAuthError) => {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  if (e.retryAfterS !== undefined) {
    c.header("Retry-After", String(e.retryAfterS));
    return c.json({ error: e.error, error_description: e.message }, 429);
  }
  if (e.error === "invalid_client" && e.basic) c.header("WWW-Authenticate", 'Basic realm="oauth", charset="UTF-8"');
  return c.json({ error: e.error, error_description: e.message }, STATUS[e.error]);
};

/**
 * Runs an /oauth endpoint handler, turning OAuthErrors into RFC responses (other errors reach the gateway's mapper).
 */
export const oauthEndpoint =
  (handler: (c: Context) => Promise<Response>) =>
  async (c: Context): Promise<Response> => {
    try {
      return await handler(c);
    } catch (e) {
      if (e instanceof OAuthError) return sendOAuthError(c, e);
      throw e;
    }
  };
