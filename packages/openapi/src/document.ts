import type { GenericSchema } from "valibot";
import type { ContextContract, Operation } from "@platform/host";
import { ERROR_STATUSES, components, errorResponseRef, securitySchemes } from "./components.ts";
import { actorMessageOperations } from "./actor-messages.ts";
import { jsonSchemaOf } from "./json-schema.ts";

const isAuthenticated = (op: Operation) => op.permission !== "public" && op.permission !== "client";

const parametersOf = (op: Operation) => {
  const path = [...op.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    const checked = op.pathParams?.[name!];
    return { name, in: "path", required: true, schema: checked ? jsonSchemaOf(checked) : { type: "string" } };
  });
  const list = op.list ? ["limit", "after", "before"].map((p) => ({ $ref: `#/components/parameters/${p}` })) : [];
  const query = Object.entries(op.query ?? {}).map(([name, description]) => ({
    name,
    in: "query",
    description,
    schema: { type: "string" },
  }));
  const ifMatch = op.ifMatch ? [{ $ref: "#/components/parameters/ifMatch" }] : [];
  const headers = Object.entries(op.headers ?? {}).map(([name, description]) => ({
    name,
    in: "header",
    description,
    schema: { type: "string" },
  }));
  const all = [...path, ...list, ...query, ...ifMatch, ...headers];
  return all.length ? all : undefined;
};

const contentOf = (op: Operation) => {
  if (op.list) {
    const items = {
      type: "object",
      properties: { [op.list]: { type: "array", items: op.item ? jsonSchemaOf(op.item, "output") : {} } },
      required: [op.list],
    };
    return { "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/ListEnvelope" }, items] } } };
  }
  const produces = op.produces ?? "application/json";
  if (produces === "none") return undefined;
  const schema =
    produces.startsWith("text/") || produces === "*/*"
      ? { type: "string" }
      : op.response
        ? jsonSchemaOf(op.response, "output")
        : { type: "object" };
  return { [produces]: { schema } };
};

const successOf = (op: Operation, status: number) => {
  if (status === 204) return { description: "No content" };
  if (status >= 300 && status < 400)
    return { description: "Redirect", headers: { Location: { schema: { type: "string" } } } };
  const content = contentOf(op);
  const headers = {
    ...(op.etag
      ? { ETag: { description: "Strong, quoted; the body's etag without quotes", schema: { type: "string" } } }
      : {}),
    ...Object.fromEntries(
      Object.entries(op.responseHeaders ?? {}).map(([name, description]) => [
        name,
        { description, schema: { type: "string" } },
      ]),
    ),
  };
  return {
    description: op.list ? `A page of ${op.list}` : "Success",
    ...(content ? { content } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
};

/**
 * Refusals the gateway gives before any route, so every operation lists them: 400 for a URL
 * holding an encoded NUL, and 413 for a body over BODY_LIMIT_BYTES on any method that may
 * carry one (even where the route reads none).
 */
const gatewayRefusals = (op: Operation): number[] => (op.method === "get" ? [400] : [400, 413]);

const errorsOf = (op: Operation): Record<string, unknown> => {
  if (op.errors === "oauth") {
    // A route that needs a scope refuses as RFC 6750 §3 says: in WWW-Authenticate, 403 insufficient_scope without it.
    const refusal = op.scopes ? "BearerError" : "OAuthError";
    const oauthError = (s: number) => ({ $ref: `#/components/responses/${s === 429 ? "OAuthThrottled" : refusal}` });
    return Object.fromEntries(
      [...new Set([...gatewayRefusals(op), 401, ...(op.alsoErrors ?? [])])].sort().map((s) => [s, oauthError(s)]),
    );
  }
  if (op.errors === "html") {
    const statuses = [...new Set([...gatewayRefusals(op), ...(op.alsoErrors ?? [])])].sort();
    const page = (s: number) => ({
      $ref: "#/components/responses/HtmlError",
      description: `${ERROR_STATUSES[s] ?? "Refused"}, as an HTML page`,
    });
    return Object.fromEntries(statuses.map((s) => [s, page(s)]));
  }
  const statuses = new Set<number>([...gatewayRefusals(op), ...(op.alsoErrors ?? [])]);
  if (isAuthenticated(op)) [401, 403].forEach((s) => statuses.add(s));
  if (op.path.includes("{")) statuses.add(404);
  if (op.requestBody && !op.form) statuses.add(415);
  if (op.ifMatch) statuses.add(409);
  if (op.ifMatch === "required" || (op.ifMatch && op.method === "put")) statuses.add(428);
  const errors: Record<string, unknown> = Object.fromEntries([...statuses].map((s) => [s, errorResponseRef(s)]));
  for (const status of op.rejectedWithResponse ?? [])
    errors[status] = { ...successOf(op, status), description: ERROR_STATUSES[status] ?? "Rejected" };
  return errors;
};

/** Who may call it, in words, before what the operation itself says. */
const accessOf = (op: Operation): string => {
  if (op.scopes) {
    const granted = op.scopes.map((s) => `\`${s}\``).join(" and ");
    return `A bearer access token granted ${granted} (403 insufficient_scope without).`;
  }
  if (op.permission === "public")
    return op.bearer === "optional"
      ? "No token needed where the route is public; a bearer token is read when sent, and needed otherwise."
      : "No token needed.";
  if (op.permission === "client")
    return "OAuth client authentication (RFC 6749 §2.3: Basic or client_secret_post), no bearer token.";
  if (op.permission === "authenticated") return "Any valid bearer token.";
  return `Needs \`${op.permission}\` in the token's effective permissions (its scope ∩ its identity's).`;
};

const descriptionOf = (op: Operation): string =>
  [
    accessOf(op),
    op.ifMatch === "required" ? "Needs If-Match with the current ETag." : "",
    op.list ? `A page of ${op.list} (limit, after, before).` : "",
    op.description ?? "",
  ]
    .filter(Boolean)
    .join(" ");

const bodyOf = (op: Operation, schema: GenericSchema) => ({
  schema: jsonSchemaOf(schema),
  ...(op.requestExample === undefined ? {} : { example: op.requestExample }),
});

/** A route that needs OAuth scopes names them on the oauth2 scheme (the bearer scheme has none to name). */
const securityOf = (op: Operation) => {
  if (op.scopes) return [{ bearer: [] }, { oauth2: [...op.scopes] }];
  if (isAuthenticated(op)) return bearerOrOAuth;
  return op.bearer === "optional" ? [{}, ...bearerOrOAuth] : [];
};

/** Answers that come from below every route: the HTTP server's own (no body). */
const HTTP_REFUSAL = { $ref: "#/components/responses/HttpRefusal" };
/** Any status an operation does not list is a bug's 500. */
const BUG = { $ref: "#/components/responses/Error500" };

const operationObject = (op: Operation) => {
  const parameters = parametersOf(op);
  const successes = [op.success, ...(op.alsoSuccess ?? []), ...(op.redirects ?? [])];
  const errors = errorsOf(op);
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: descriptionOf(op),
    tags: [...op.tags],
    security: securityOf(op),
    "x-permission": op.permission,
    ...(parameters ? { parameters } : {}),
    ...(op.requestBody
      ? {
          requestBody: {
            required: true,
            content: {
              [op.form ? "application/x-www-form-urlencoded" : "application/json"]: bodyOf(op, op.requestBody),
            },
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries(successes.map((s) => [s, successOf(op, s)])),
      ...errors,
      "4XX": HTTP_REFUSAL,
      default: BUG,
    },
  };
};

/** Every operation of every context, the actor message routes included. */
export const allOperations = (contracts: readonly ContextContract[]): Operation[] => {
  // The per-type message routes answer as the generic one does.
  const generic = contracts
    .flatMap((c) => c.operations)
    .find((op) => op.method === "post" && op.path === "/resources/actors/{type}/{id}");
  return contracts.flatMap((c) => [...c.operations, ...actorMessageOperations(c, generic?.response)]);
};

/**
 * Either way of presenting a token: it is the same opaque bearer token (from /oauth/token or a personal access token).
 */
const bearerOrOAuth = [{ bearer: [] }, { oauth2: [] }];

export type OpenApiOptions = {
  /** The service's version (package.json). */
  readonly version: string;
  /** PUBLIC_URL: the server, and where the OAuth 2.0 endpoints are. */
  readonly publicUrl: string;
};

/**
 * The OpenAPI 3.1 document of every given context's routes (the error envelope and the list
 * envelope as shared components): request and response schemas from the contexts' valibot schemas, the error
 * shapes per status, each context as a described tag, and the bearer and OAuth 2.0
 * security schemes.
 */
export const openApiDocument = (contracts: readonly ContextContract[], options: OpenApiOptions) => {
  const operations = allOperations(contracts);
  const ids = new Set<string>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    if (ids.has(op.operationId)) throw new Error(`Duplicate operationId ${op.operationId}`);
    ids.add(op.operationId);
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`Duplicate operation ${op.method.toUpperCase()} ${op.path}`);
    item[op.method] = operationObject(op);
  }
  const described = Object.assign({}, ...contracts.map((c) => c.tags ?? {})) as Record<string, string>;
  const tags = [...new Set(operations.flatMap((op) => op.tags))]
    .sort()
    .map((name) => ({ name, ...(described[name] ? { description: described[name] } : {}) }));
  return {
    openapi: "3.1.0",
    info: {
      title: "actor-platform",
      version: options.version,
      contact: { name: "The operators of this deployment (PUBLIC_URL)" },
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description:
        "The REST, OAuth and actor message API of the platform. Generated from the contexts' " +
        "valibot schemas by `npm run schemas`; do not edit by hand. `x-permission` is the ACE a " +
        "route needs (`authenticated`: any bearer token; `client`: OAuth client authentication; " +
        "`public`: none).",
    },
    // The deployment's own address (its PUBLIC_URL), as a variable: the document is the same for every deployment.
    servers: [
      {
        url: "{publicUrl}",
        description: "The service",
        variables: { publicUrl: { default: options.publicUrl, description: "PUBLIC_URL" } },
      },
    ],
    security: bearerOrOAuth,
    tags,
    paths,
    components: { ...components, securitySchemes: securitySchemes(options.publicUrl) },
  };
};
