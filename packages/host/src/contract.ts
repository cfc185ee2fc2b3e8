import type { GenericSchema } from "valibot";

/** HTTP methods the contexts serve, lower case as OpenAPI writes them. */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/**
 * One HTTP route of a context, as /openapi.json (and schemas/openapi.json) publishes it.
 * Contexts write these as plain `as const` data in `src/contract/operations.ts` and hand
 * them to the platform as their `BoundedContext.contract`; @platform/openapi builds the
 * document from every mounted context's contract.
 */
export type Operation = {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI style: `/resources/iam/principals/{id}`. */
  readonly path: string;
  readonly summary: string;
  /**
   * The ACE the route needs (`iam/principals:read`), `authenticated` (any bearer token, no
   * ACE), `client` (OAuth client authentication, RFC 6749 §2.3, no bearer token), or
   * `public` (no token).
   */
  readonly permission: string;
  /**
   * `optional`: a `public` route that reads a bearer token when one is sent (an ingress: a non-public one needs it).
   */
  readonly bearer?: "optional";
  /**
   * OAuth scopes the bearer token must have been granted, where the route needs a scope rather
   * than an ACE (userinfo: `openid`); its refusals are RFC 6750 §3 errors in `WWW-Authenticate`.
   */
  readonly scopes?: readonly string[];
  readonly success: number;
  /** Other success statuses (a PUT answers 201 when it creates, 200 when it replaces). */
  readonly alsoSuccess?: readonly number[];
  readonly tags: readonly string[];
  readonly description?: string;
  /** The body schema (JSON unless `form`); the routes' own valibot schema where one exists. */
  readonly requestBody?: GenericSchema;
  /**
   * A body the service accepts, published as the body's example (services/gateway/src/request-examples.int.test.ts
   * sends it).
   */
  readonly requestExample?: unknown;
  /**
   * Path parameter name → its schema, where the route checks it (a pattern, an example): a value
   * that breaks it is 400 VALIDATION_FAILED. Others are any string.
   */
  readonly pathParams?: Readonly<Record<string, GenericSchema>>;
  /** The body is application/x-www-form-urlencoded (OAuth endpoints, login and consent forms). */
  readonly form?: boolean;
  /** Query parameters other than the list's limit/after/before: name → description. */
  readonly query?: Readonly<Record<string, string>>;
  /** Request headers the route reads besides Authorization and If-Match: name → description. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The answer is a paginated list (items, totalCount, firstCursor, lastCursor) holding its items under this key. */
  readonly list?: string;
  /**
   * The JSON body of a success answer (not of a list: see `item`). Published as the
   * response schema, and checked against every answer the test suites see
   * (@platform/openapi's responseConformance), undocumented fields included.
   */
  readonly response?: GenericSchema;
  /** The schema of one item of a list's page (with `list`). */
  readonly item?: GenericSchema;
  /**
   * Error statuses whose body is the `response` schema, not the error envelope (the actor
   * message API answers 422 "none succeeded" with its per-message results).
   */
  readonly rejectedWithResponse?: readonly number[];
  /** Whether the route reads `If-Match` (a stale one is 409; `required`: missing is 428). */
  readonly ifMatch?: "required" | "optional";
  /** The answer carries an `ETag`. */
  readonly etag?: boolean;
  /** Headers a success answer carries besides ETag and Location: name → description. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** Media type of the success answer; default application/json (none for 204 and redirects). */
  readonly produces?: "application/json" | "text/html" | "text/plain" | "application/jwk-set+json" | "*/*" | "none";
  /** Redirect statuses the route may answer with besides `success` (OAuth browser flow). */
  readonly redirects?: readonly number[];
  /** Error statuses beyond those the other fields imply (401/403 with a permission, 404 with a path parameter, …). */
  readonly alsoErrors?: readonly number[];
  /** Error bodies: the platform envelope (default), RFC 6749 `{error, error_description}`, or an HTML page. */
  readonly errors?: "platform" | "oauth" | "html";
};

/** What a bounded context publishes: its routes, the data of each event type it appends, its actors' messages. */
export type ContextContract = {
  readonly context: string;
  /** Tag name → what it holds (every tag an operation uses is described by some context). */
  readonly tags?: Readonly<Record<string, string>>;
  readonly operations: readonly Operation[];
  /** Event type → schema of its `data`; absent when the context appends no events. */
  readonly events?: Readonly<Record<string, GenericSchema>>;
  /** Actor type → message type → body schema, for `POST /resources/actors/<type>/{id}`. */
  readonly actorMessages?: Readonly<Record<string, Readonly<Record<string, GenericSchema>>>>;
  /** Actor type → a batch of messages it accepts, published as the example of its message route. */
  readonly actorMessageExamples?: Readonly<Record<string, readonly unknown[]>>;
  /**
   * Path prefixes one handler serves for every method (`/ingress/`: the apps' routes), published
   * per method as `<prefix>{param}` operations.
   */
  readonly wildcards?: readonly string[];
  /** Paths whose other methods only answer 405 (not operations, so not published). */
  readonly methodNotAllowed?: readonly string[];
  /** Real events from the context's deciders, for the runtime check in test/schemas.test.ts. */
  readonly sampleEvents?: () => readonly { readonly type: string; readonly data: unknown }[];
};
