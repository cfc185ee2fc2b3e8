import { components, errorResponseRef } from "./components.ts";
import type { ContextContract, Operation } from "./contract.ts";
import { actorMessageOperations } from "./actor-messages.ts";
import { jsonSchemaOf } from "./json-schema.ts";

const isAuthenticated = (op: Operation) => op.permission !== "public" && op.permission !== "client";

const parametersOf = (op: Operation) => {
  const path = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  const list = op.list ? ["limit", "after", "before"].map((p) => ({ $ref: `#/components/parameters/${p}` })) : [];
  const query = Object.entries(op.query ?? {}).map(([name, description]) => ({ name, in: "query", description, schema: { type: "string" } }));
  const ifMatch = op.ifMatch ? [{ $ref: "#/components/parameters/ifMatch" }] : [];
  const all = [...path, ...list, ...query, ...ifMatch];
  return all.length ? all : undefined;
};

const contentOf = (op: Operation) => {
  if (op.list) {
    const items = { type: "object", properties: { [op.list]: { type: "array", items: {} } }, required: [op.list] };
    return { "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/ListEnvelope" }, items] } } };
  }
  const produces = op.produces ?? "application/json";
  if (produces === "none") return undefined;
  return { [produces]: { schema: produces.startsWith("text/") ? { type: "string" } : { type: "object" } } };
};

const successOf = (op: Operation, status: number) => {
  if (status === 204) return { description: "No content" };
  if (status >= 300 && status < 400) return { description: "Redirect", headers: { Location: { schema: { type: "string" } } } };
  const content = contentOf(op);
  return {
    description: op.list ? `A page of ${op.list}` : "Success",
    ...(content ? { content } : {}),
    ...(op.etag ? { headers: { ETag: { description: "Strong, quoted; the body's etag without quotes", schema: { type: "string" } } } } : {}),
  };
};

const errorsOf = (op: Operation): Record<string, unknown> => {
  if (op.errors === "oauth") return { 400: { $ref: "#/components/responses/OAuthError" }, 401: { $ref: "#/components/responses/OAuthError" } };
  if (op.errors === "html") return { 400: { $ref: "#/components/responses/HtmlError" } };
  const statuses = new Set<number>(op.alsoErrors ?? []);
  if (isAuthenticated(op)) [401, 403].forEach((s) => statuses.add(s));
  if (op.path.includes("{")) statuses.add(404);
  if (op.requestBody || op.query || op.list) statuses.add(400);
  if (op.requestBody && !op.form) [413, 415].forEach((s) => statuses.add(s));
  if (op.ifMatch) statuses.add(409);
  if (op.ifMatch === "required" || (op.ifMatch && op.method === "put")) statuses.add(428);
  return Object.fromEntries([...statuses].map((s) => [s, errorResponseRef(s)]));
};

const operationObject = (op: Operation) => {
  const parameters = parametersOf(op);
  const successes = [op.success, ...(op.alsoSuccess ?? []), ...(op.redirects ?? [])];
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    security: isAuthenticated(op) ? [{ bearer: [] }] : [],
    "x-permission": op.permission,
    ...(parameters ? { parameters } : {}),
    ...(op.requestBody
      ? { requestBody: { required: true, content: { [op.form ? "application/x-www-form-urlencoded" : "application/json"]: { schema: jsonSchemaOf(op.requestBody) } } } }
      : {}),
    responses: { ...Object.fromEntries(successes.map((s) => [s, successOf(op, s)])), ...errorsOf(op) },
  };
};

/** Every operation of every context, the actor message routes included. */
export const allOperations = (contracts: readonly ContextContract[]): Operation[] => contracts.flatMap((c) => [...c.operations, ...actorMessageOperations(c)]);

/** The OpenAPI 3.1 document of every context's routes (CONTRACT.md 2 and 3 as shared components). */
export const openApiDocument = (contracts: readonly ContextContract[], version: string) => {
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
  const tags = [...new Set(operations.flatMap((op) => op.tags))].sort().map((name) => ({ name }));
  return {
    openapi: "3.1.0",
    info: {
      title: "actor-platform",
      version,
      description:
        "The REST, OAuth and actor message API of the platform. Generated from the contexts' valibot schemas by `npm run schemas`; do not edit by hand. `x-permission` is the ACE a route needs (`authenticated`: any bearer token; `client`: OAuth client authentication; `public`: none).",
    },
    servers: [{ url: "http://localhost:8080", description: "The default PUBLIC_URL" }],
    security: [{ bearer: [] }],
    tags,
    paths,
    components,
  };
};
