/**
 * The parts of openapi.json every operation shares: the error envelope, the list envelope
 * and its parameters, the OAuth error form, the bearer scheme, and one response per error status.
 */

/** Error statuses and what they mean: the code each status carries, and when. */
export const ERROR_STATUSES: Readonly<Record<number, string>> = {
  400: "INVALID_REQUEST or VALIDATION_FAILED (details: [{path, message}])",
  401: "UNAUTHENTICATED: no, malformed, expired or revoked bearer token",
  403: "FORBIDDEN (or PASSWORD_CHANGE_REQUIRED): not permitted, or outside the caller's access attributes",
  404: "NOT_FOUND: unknown, or not for the caller to know of",
  405: "METHOD_NOT_ALLOWED (Allow lists the methods)",
  409: "CONFLICT (stale If-Match), EMAIL_NOT_UNIQUE, PHONE_NOT_UNIQUE or INVALID_STATE",
  413: "PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default)",
  415: "UNSUPPORTED_MEDIA_TYPE: not JSON where JSON is required",
  422: "COMMAND_REJECTED: an actor command batch rejected by the domain",
  428: "PRECONDITION_REQUIRED: an update of an existing identity without If-Match",
  429: "RATE_LIMITED (Retry-After set)",
  500: "INTERNAL: a bug, logged with the request id",
  502: "COMPONENT_FAILED: an app's component threw or broke its limits",
  504: "COMPONENT_TIMEOUT: an app's component ran out of time",
};

const ref = (to: string) => ({ $ref: to });

export const errorResponseRef = (status: number) => ref(`#/components/responses/Error${status}`);

/** 422 answers carry the message results (the actor API), never the envelope alone: no shared response for it. */
const errorResponses = Object.fromEntries(
  Object.entries(ERROR_STATUSES)
    .filter(([status]) => status !== "422")
    .map(([status, description]) => [
      `Error${status}`,
      {
        description,
        content: { "application/json": { schema: ref("#/components/schemas/Error") } },
        ...(status === "401"
          ? { headers: { "WWW-Authenticate": { description: "Bearer", schema: { type: "string" } } } }
          : {}),
        ...(status === "429"
          ? { headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } } }
          : {}),
      },
    ]),
);

/**
 * How a caller presents a token: the same opaque bearer token, got from /oauth/token (the
 * OAuth 2.0 flows, with PKCE for the authorization code) or as a personal access token
 * (/me/pat). A token carries at most its scope ∩ its identity's permissions.
 */
export const securitySchemes = (publicUrl: string) => ({
  bearer: {
    type: "http",
    scheme: "bearer",
    description:
      "An opaque access token (base64url of the 16-byte session id and at least 32 random bytes; " +
      "only a hash is stored) from /oauth/token, " +
      ("or a personal access token (POST /me/pat). Revocation, suspension and a password change " +
        "take effect on the next request."),
  },
  oauth2: {
    type: "oauth2",
    description:
      "The service's own OAuth 2.0 server (discovery at /.well-known/oauth-authorization-server). " +
      "The authorization code flow requires PKCE (S256). Scopes are ACEs such as " +
      "iam/principals:read; a token without scope gets its identity's (or client's configured) " +
      "permissions.",
    flows: {
      authorizationCode: {
        authorizationUrl: `${publicUrl}/oauth/authorize`,
        tokenUrl: `${publicUrl}/oauth/token`,
        refreshUrl: `${publicUrl}/oauth/token`,
        scopes: { openid: "An ID token beside the access token" },
      },
      clientCredentials: { tokenUrl: `${publicUrl}/oauth/token`, scopes: {} },
    },
  },
});

export const components = {
  schemas: {
    Error: {
      description:
        "The error body of every /resources, /me, /iam and /ingress error, as application/json: " +
        "a stable code, human text, optional details; never a stack trace.",
      type: "object",
      properties: {
        error: {
          type: "object",
          properties: {
            code: { type: "string", pattern: "^[A-Z][A-Z0-9_]*$", description: "Stable UPPER_SNAKE code" },
            message: { type: "string", description: "Human text" },
            details: {
              description: "Optional; for VALIDATION_FAILED a list of ValidationIssue",
              anyOf: [{ type: "array", items: ref("#/components/schemas/ValidationIssue") }, { type: "object" }],
            },
          },
          required: ["code", "message"],
        },
      },
      required: ["error"],
    },
    ValidationIssue: {
      type: "object",
      properties: { path: { type: "string" }, message: { type: "string" } },
      required: ["path", "message"],
    },
    OAuthError: {
      description:
        "The RFC 6749 §5.2 error body of the /oauth endpoints: {error, error_description} with the RFC's status codes.",
      type: "object",
      properties: { error: { type: "string" }, error_description: { type: "string" } },
      required: ["error"],
    },
    ListEnvelope: {
      description:
        "A paginated list; the items are under a key named for them (principals, orders, …). " +
        "Cursors are opaque; a list shows every write that returned before it was asked for.",
      type: "object",
      properties: {
        totalCount: { type: "integer", minimum: 0 },
        firstCursor: { type: ["string", "null"], description: "Opaque; pass as before= for the previous page" },
        lastCursor: { type: ["string", "null"], description: "Opaque; pass as after= for the next page" },
      },
      required: ["totalCount", "firstCursor", "lastCursor"],
    },
  },
  parameters: {
    limit: {
      name: "limit",
      in: "query",
      description: "Page size, 1 to 100 (more is 400, not capped)",
      schema: { type: "integer", minimum: 1, maximum: 100, default: 50 },
    },
    after: { name: "after", in: "query", description: "A lastCursor: the page after it", schema: { type: "string" } },
    before: {
      name: "before",
      in: "query",
      description: "A firstCursor: the page before it",
      schema: { type: "string" },
    },
    ifMatch: {
      name: "If-Match",
      in: "header",
      description:
        "The ETag of the version being changed: a stale one is 409 CONFLICT; `*` is refused (400) for identities",
      schema: { type: "string" },
    },
  },
  responses: {
    ...errorResponses,
    OAuthError: {
      description: "RFC 6749 error",
      content: { "application/json": { schema: ref("#/components/schemas/OAuthError") } },
    },
    OAuthThrottled: {
      description:
        "invalid_client: too many failed client authentications from this client id or address; the " +
        "credentials were not checked",
      content: { "application/json": { schema: ref("#/components/schemas/OAuthError") } },
      headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } },
    },
    BearerError: {
      description:
        "RFC 6750 §3: the error in `WWW-Authenticate` and, for clients that read bodies, as {error, error_description}",
      content: { "application/json": { schema: ref("#/components/schemas/OAuthError") } },
      headers: {
        "WWW-Authenticate": {
          description:
            "Bearer realm, error (invalid_request, invalid_token or insufficient_scope), error_description, scope",
          schema: { type: "string" },
        },
      },
    },
    HtmlError: {
      description: "An HTML error page (never a redirect to an untrusted URI)",
      content: { "text/html": { schema: { type: "string" } } },
    },
    HttpRefusal: {
      description:
        "Refused by the HTTP server before any route, without a body: a malformed request (400) or " +
        "request headers over 16 KiB (431)",
    },
  },
};
