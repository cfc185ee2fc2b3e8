import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "@platform/http/testing";
import type { TestServer } from "@platform/http/testing";
import { createPrincipalWithToken, iamTestContext } from "@platform/iam/testing";
import { contexts } from "./wiring.ts";

type Parameter = { name: string; in: string; schema?: { examples?: unknown[] } };
type Operation = {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { headers?: Record<string, unknown> }> };
};
type Sent = {
  operationId: string;
  method: string;
  template: string;
  path: string;
  status: number;
  documented: string[];
  body: string;
};

/** A password the examples of /resources/me/password and /resources/me/erase confirm. */
const EXAMPLE_PASSWORD = "Correct-Horse-Battery-1";
/**
 * Created before what names them (an app before its job definition, a role before roles that hold it, the
 * definition's queue paused before its job, which so stays pending); the caller's own erasure last.
 */
const FIRST = [
  "putApp",
  "putRole",
  "putJobDefinition",
  "putJobQueue",
  "putPrincipal",
  "putClient",
  "putSubscription",
  "registerClient",
];
const LAST = ["changeMyPassword", "eraseMe"];
/**
 * Refused however the service is seeded, and documented as such: the OAuth browser forms need
 * the CSRF token and request of a page a browser was shown, and the token endpoints a secret
 * the service generated (neither can be in a published example).
 */
const REFUSED = new Set(["login", "logout", "consent", "token", "revoke", "introspect"]);

/** Path parameter values no example gives: the entities the other examples create. */
const principalId = randomUUID();
const clientId = randomUUID();
const pathValue = (path: string, name: string): string => {
  if (path.startsWith("/resources/iam/principals/")) return principalId;
  if (path.startsWith("/resources/iam/clients/")) return clientId;
  if (path.startsWith("/resources/actors/")) return name === "type" ? "order" : "new";
  if (path.startsWith("/resources/registry/graph/")) return name === "node" ? "sending" : "region";
  const values: Record<string, string> = {
    key: "shop:viewer",
    appId: "shop",
    definitionId: "nightly-report",
    route: "shop/report",
    id: "warehouse-orders",
  };
  if (!values[name]) throw new Error(`no value for {${name}} of ${path}`);
  return values[name];
};

const rank = (id: string) =>
  FIRST.includes(id) ? FIRST.indexOf(id) - FIRST.length : LAST.includes(id) ? 1 + LAST.indexOf(id) : 0;

let server: TestServer;
let doc: Doc;
let owner: string;
type Registered = { client_id: string; client_secret: string };
/**
 * The client POST /iam/clients registered (its secret is shown once): what the personal access token is made through.
 */
let registered: Registered | undefined;
const sent: Sent[] = [];

beforeAll(async () => {
  server = await startTestServer(contexts.map((c) => (c.name === "iam" ? iamTestContext() : c)));
  owner = (await createPrincipalWithToken(server.t, { roles: ["system:owner"], email: "examples-owner@example.test" }))
    .token;
  doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as Doc;
});
afterAll(async () => {
  console.log(`request examples: ${sent.map((s) => `${s.operationId} ${s.status}`).join(", ")}`);
  await server?.close();
});

/**
 * A personal access token's `expiresAt` must lie within a year of now (a client secret's, in the
 * future), so any published date runs out one day: an example is sent with its `expiresAt` moved
 * to 90 days from now. test/schemas.test.ts checks the published value against its schema.
 */
const current = (example: unknown): unknown => {
  if (example === null || typeof example !== "object" || !("expiresAt" in example)) return example;
  return { ...example, expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString() };
};

const encode = (type: string, example: unknown) =>
  type === "application/x-www-form-urlencoded"
    ? new URLSearchParams(example as Record<string, string>).toString()
    : JSON.stringify(example);

/**
 * The ETag of what the path names (or of its parent: /roles, /acl and /secrets change the identity above them), when it
 * exists.
 */
const etagOf = async (path: string, token: string): Promise<string | undefined> => {
  for (const candidate of [path, path.replace(/\/(roles|acl|secrets)$/, "")]) {
    const res = await fetch(`${server.url}${candidate}`, { headers: { Authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status === 200 && res.headers.get("etag")) return res.headers.get("etag")!;
  }
  return undefined;
};

const send = async (method: string, template: string, op: Operation): Promise<Sent> => {
  const params = (op.parameters ?? []).filter((p): p is Parameter => "in" in p);
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const example = params.find((p) => p.name === name)?.schema?.examples?.[0];
    return typeof example === "string" ? example : pathValue(template, name);
  });
  // The caller's own password change and erasure each need a principal of their own, with the examples'
  // password; a personal access token is made through the client its maker's token was issued to.
  const throughClient = params.some((p) => p.in === "header" && p.name === "X-Client-Id") ? registered : undefined;
  const own = LAST.includes(op.operationId) || throughClient;
  const viaClient = throughClient ? { clientId: throughClient.client_id } : {};
  const me = own
    ? await createPrincipalWithToken(server.t, { roles: ["system:owner"], password: EXAMPLE_PASSWORD, ...viaClient })
    : undefined;
  const token = me?.token ?? owner;
  const [type, media] = Object.entries(op.requestBody!.content)[0]!;
  const headers: Record<string, string> = { "Content-Type": type, Authorization: `Bearer ${token}` };
  const ifMatch = (op.parameters ?? []).some((p) => "$ref" in p && p.$ref.endsWith("/ifMatch"))
    ? await etagOf(path, token)
    : undefined;
  if (ifMatch) headers["If-Match"] = ifMatch;
  if (throughClient)
    Object.assign(headers, { "X-Client-Id": throughClient.client_id, "X-Client-Secret": throughClient.client_secret });
  const res = await fetch(`${server.url}${path}`, {
    method: method.toUpperCase(),
    headers,
    body: encode(type, current(media.example)),
    redirect: "manual",
  });
  const body = await res.text();
  if (op.operationId === "registerClient" && res.status === 201) registered = JSON.parse(body) as Registered;
  return {
    operationId: op.operationId,
    method,
    template,
    path,
    status: res.status,
    documented: Object.keys(op.responses),
    body: body.slice(0, 300),
  };
};

describe("every request body example of /openapi.json, sent to the running service", () => {
  it("gives every operation with a request body an example", () => {
    const bodies = Object.values(doc.paths).flatMap((item) => Object.values(item).filter((op) => op.requestBody));
    expect(bodies.length).toBeGreaterThan(30);
    expect(
      bodies
        .filter((op) => Object.values(op.requestBody!.content).some((m) => m.example === undefined))
        .map((op) => op.operationId),
    ).toEqual([]);
  });

  it("is answered with a status the operation documents: a 2xx, or for the OAuth forms a documented refusal", {
    timeout: 120_000,
  }, async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
      .filter(({ op }) => op.requestBody)
      .sort((a, b) => rank(a.op.operationId) - rank(b.op.operationId));
    for (const { path, method, op } of operations) sent.push(await send(method, path, op));
    const undocumented = sent.filter((s) => !s.documented.includes(String(s.status)));
    expect(
      undocumented.map((s) => `${s.operationId} ${s.method.toUpperCase()} ${s.path}: ${s.status} ${s.body}`),
    ).toEqual([]);
    const refused = sent.filter((s) => !REFUSED.has(s.operationId) && (s.status < 200 || s.status >= 300));
    expect(refused.map((s) => `${s.operationId} ${s.method.toUpperCase()} ${s.path}: ${s.status} ${s.body}`)).toEqual(
      [],
    );
  });
});

describe("every request body example, sent again", () => {
  it("is answered with a status the operation documents (a repeat meets what the first made: a " +
    "conflict, a precondition)", {
    timeout: 120_000,
  }, async () => {
    const again: Sent[] = [];
    for (const s of sent) again.push(await send(s.method, s.template, doc.paths[s.template]![s.method]!));
    console.log(`request examples again: ${again.map((s) => `${s.operationId} ${s.status}`).join(", ")}`);
    const undocumented = again.filter((s) => !s.documented.includes(String(s.status)));
    // The job of the first pass waits in its paused queue: the same uniqueKey is a conflict.
    expect(again.find((s) => s.operationId === "scheduleJob")?.status).toBe(409);
    expect(
      undocumented.map((s) => `${s.operationId} ${s.method.toUpperCase()} ${s.path}: ${s.status} ${s.body}`),
    ).toEqual([]);
  });
});

describe("/oauth/userinfo as the document publishes it", () => {
  it(
    "needs a bearer token granted openid: a token without it is 403 insufficient_scope in " +
      "WWW-Authenticate, a refusal the document lists",
    async () => {
      const res = await fetch(`${server.url}/oauth/userinfo`, { headers: { Authorization: `Bearer ${owner}` } });
      expect(res.status).toBe(403);
      expect(res.headers.get("www-authenticate")).toMatch(
        /^Bearer realm="userinfo", error="insufficient_scope", .*scope="openid"$/,
      );
      expect(await res.json()).toMatchObject({ error: "insufficient_scope" });
      for (const method of ["get", "post"]) {
        const op = doc.paths["/oauth/userinfo"]![method]! as Operation & { security: unknown };
        expect(op.security).toEqual([{ bearer: [] }, { oauth2: ["openid"] }]);
        expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["400", "401", "403"]));
        expect(op.responses["403"]).toEqual({ $ref: "#/components/responses/BearerError" });
      }
      expect(Object.keys(doc.components.responses.BearerError!.headers!)).toEqual(["WWW-Authenticate"]);
    },
  );
});
