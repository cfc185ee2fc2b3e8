import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { BoundedContext, PlatformDeps } from "@platform/host";
import { allOperations } from "@platform/openapi";
import { contexts } from "../services/gateway/src/wiring.ts";
import { contracts } from "../scripts/schemas/contracts.ts";
import { generateSchemaFiles, repoRoot } from "../scripts/schemas/generate.ts";
import { publishedFiles } from "../scripts/schemas/published.ts";
import { apiTypeFiles } from "../scripts/schemas/typescript.ts";
import { citesOutside } from "./support/outside-documents.ts";

const dir = join(fileURLToPath(repoRoot), "schemas");
const generated = generateSchemaFiles(contracts);

describe("schemas/ (the published contracts)", () => {
  it.each(Object.keys(generated))("%s is current", (name) => {
    const path = join(dir, name);
    const text = existsSync(path) ? readFileSync(path, "utf8") : undefined;
    expect(
      text === generated[name],
      `schemas/${name} is ${text === undefined ? "missing" : "stale"}: run npm run schemas`,
    ).toBe(true);
  });

  it.each(Object.keys(generated))("%s: every $ref resolves within the document", (name) => {
    const doc = JSON.parse(generated[name]!) as unknown;
    const refs: string[] = [];
    const walk = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === "object")
        for (const [k, val] of Object.entries(x)) k === "$ref" && typeof val === "string" ? refs.push(val) : walk(val);
    };
    walk(doc);
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split("/")
        .reduce<unknown>(
          (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, "/").replace(/~0/g, "~")],
          doc,
        );
    expect(refs.filter((r) => !r.startsWith("#/") || resolve(r) === undefined)).toEqual([]);
  });

  it("the app kit's TypeScript types of the API are current", async () => {
    for (const [name, text] of Object.entries(await apiTypeFiles(generated["openapi.json"]!))) {
      const path = new URL(name, repoRoot);
      expect(existsSync(path) && readFileSync(path, "utf8") === text, `${name}: run npm run schemas`).toBe(true);
    }
  });

  it("holds no generated file that no context produces any more", () => {
    expect(publishedFiles(dir), "run npm run schemas").toEqual(Object.keys(generated).sort());
  });
});

describe("event schemas", () => {
  const withEvents = contracts.filter((c) => c.events !== undefined);

  it.each(withEvents.map((c) => [c.context, c] as const))(
    "%s: every real event from its deciders matches the schema of its type",
    (_name, contract) => {
      const samples = contract.sampleEvents!();
      for (const e of samples) {
        const schema = contract.events![e.type];
        expect(schema, `no schema for ${e.type}`).toBeDefined();
        const r = v.safeParse(schema!, e.data);
        expect(
          r.success,
          `${e.type} ${JSON.stringify(e.data)}: ${r.issues?.map((i) => `${v.getDotPath(i)} ${i.message}`).join("; ")}`,
        ).toBe(true);
      }
      // The schemas' keys are the event union (checked by the compiler with `satisfies`); the
      // samples reach every one of them, so each schema has been tried on a real event.
      expect([...new Set(samples.map((e) => e.type))].sort()).toEqual(Object.keys(contract.events!).sort());
    },
  );

  it("each event type is appended by exactly one actor of its context, which names it (the catalog's rule)", () => {
    for (const context of contexts) {
      const contract = contracts.find((c) => c.context === context.name);
      const published = Object.keys(contract?.events ?? {}).sort();
      const named = (context.actors ?? []).flatMap((a) => a.eventTypes ?? []);
      expect(named.sort(), `${context.name}: the actors' eventTypes`).toEqual(published);
    }
  });

  it("rejects data that does not match (the schemas are not vacuous)", () => {
    const orders = contracts.find((c) => c.context === "orders")!;
    expect(
      v.safeParse(orders.events!.OrderCreated!, {
        orderNumber: "1",
        createdAt: "yesterday",
        currencyCode: "SEK",
        taxIncluded: true,
        channelKey: null,
      }).success,
    ).toBe(false);
  });
});

/** The routes a context's Hono app serves, as `METHOD /openapi/{path}`. */
const servedRoutes = (context: BoundedContext): string[] => {
  // Building the routes touches only the port registry (handlers resolve the rest per request).
  const deps = {
    ports: { get: () => ({}), find: () => undefined, provide: () => undefined },
    config: { publicUrl: "http://localhost:8080" },
    db: {},
    runtime: {},
    store: {},
    log: {},
    graphEdges: [],
    contracts,
  } as unknown as PlatformDeps;
  const app = context.routes!(deps);
  return app.routes
    .filter((r) => r.method !== "ALL")
    .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, "{$1}")}`);
};

describe("operations", () => {
  it.each(contexts.filter((c) => c.routes).map((c) => [c.name, c] as const))(
    "%s: every route it serves is published, and nothing else",
    (name, context) => {
      const contract = contracts.find((c) => c.context === name);
      expect(contract, `${name} serves routes but has no contract`).toBeDefined();
      if (!contract) return;
      // A wildcard route (every method under /ingress/) serves what is published under its prefix.
      const prefixes = contract.wildcards ?? [];
      const underWildcard = (route: string) => prefixes.some((p) => route.split(" ")[1]!.startsWith(p));
      const published = contract.operations
        .map((op) => `${op.method.toUpperCase()} ${op.path}`)
        .filter((r) => !underWildcard(r))
        .sort();
      const only405 = (route: string) =>
        !published.includes(route) && (contract.methodNotAllowed ?? []).includes(route.split(" ")[1]!);
      expect([...new Set(servedRoutes(context))].filter((r) => !only405(r)).sort()).toEqual(published);
    },
  );

  it("name only fields the generator knows (a typo would silently drop a field)", () => {
    const known = new Set([
      ...[
        "operationId",
        "method",
        "path",
        "summary",
        "description",
        "permission",
        "bearer",
        "scopes",
        "success",
        "alsoSuccess",
        "redirects",
        "tags",
      ],
      ...[
        "requestBody",
        "requestExample",
        "pathParams",
        "form",
        "query",
        "list",
        "ifMatch",
        "etag",
        "responseHeaders",
        "produces",
        "alsoErrors",
        "errors",
        "response",
        "item",
      ],
      ...["rejectedWithResponse", "headers"],
    ]);
    const unknown = allOperations(contracts).flatMap((op) =>
      Object.keys(op)
        .filter((k) => !known.has(k))
        .map((k) => `${op.operationId}.${k}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe("openapi.json (the document /openapi.json serves)", () => {
  const doc = JSON.parse(generated["openapi.json"]!) as {
    tags: { name: string; description?: string }[];
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
    >;
  };

  it(
    "is a valid OpenAPI 3.1 document by the OpenAPI Initiative's schema " +
      "(@seriousme/openapi-schema-validator), with no errors",
    async () => {
      const validator = new Validator();
      const result = await validator.validate(doc as unknown as Parameters<Validator["validate"]>[0]);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe("3.1");
    },
  );

  it("names no file outside the repository: each description states its rule", () => {
    expect(generated["openapi.json"]!.split("\n").filter(citesOutside)).toEqual([]);
  });

  it(
    "gives every request body an example its own schema accepts (services/gateway's " +
      "request-examples test sends them)",
    () => {
      const problems = allOperations(contracts)
        .filter((op) => op.requestBody)
        .flatMap((op) => {
          if (op.requestExample === undefined) return [`${op.operationId}: no example`];
          const r = v.safeParse(op.requestBody!, op.requestExample);
          return r.success
            ? []
            : [`${op.operationId}: ${r.issues.map((i) => `${v.getDotPath(i)} ${i.message}`).join("; ")}`];
        });
      expect(problems).toEqual([]);
    },
  );

  it(
    "publishes what the service checks: E.164 phone numbers, push subscription keys, a typed " +
      "dynamic, a queue name's pattern",
    () => {
      type Schema = { type?: string; pattern?: string; examples?: unknown[]; properties?: Record<string, Schema> };
      type WithBody = { requestBody: { content: { "application/json": { schema: Schema } } } };
      const body = (path: string) =>
        (doc.paths[path]!.post as unknown as WithBody).requestBody.content["application/json"].schema;
      const sms = body("/resources/sendings/sms").properties!;
      expect(sms.to).toMatchObject({ type: "string", pattern: "^\\+[1-9]\\d{1,14}$", examples: ["+4915112345678"] });
      expect(sms.dynamic).toMatchObject({ type: "object" });
      const keys = body("/resources/sendings/push").properties!.to!.properties!.keys!.properties!;
      for (const key of [keys.p256dh!, keys.auth!])
        for (const example of key.examples!) expect(String(example)).toMatch(new RegExp(key.pattern!));
      const queue = (doc.paths["/resources/job-queues/{queue}"]!.put as unknown as { parameters: { schema: Schema }[] })
        .parameters[0]!.schema;
      expect(queue).toMatchObject({ type: "string", pattern: "^[A-Za-z0-9._~-]{1,64}$", examples: ["reports"] });
    },
  );

  it("describes every tag", () => {
    expect(doc.tags.filter((t) => !t.description).map((t) => t.name)).toEqual([]);
  });

  it("gives every JSON success answer a response schema (a list: its items' schema)", () => {
    const missing = allOperations(contracts).filter((op) => {
      const json = (op.produces ?? "application/json") === "application/json";
      return (
        json && (op.list ? !op.item : !op.response) && op.success !== 204 && !(op.success >= 300 && op.success < 400)
      );
    });
    expect(missing.map((op) => `${op.method.toUpperCase()} ${op.path} (${op.operationId})`)).toEqual([]);
  });

  it("gives every operation its error answers: an authenticated route 401 and 403, a route with a body 400", () => {
    const lacking: string[] = [];
    for (const op of allOperations(contracts)) {
      const statuses = Object.keys(doc.paths[op.path]![op.method]!.responses);
      if (
        op.permission !== "public" &&
        op.permission !== "client" &&
        !(statuses.includes("401") && statuses.includes("403"))
      )
        lacking.push(`${op.operationId}: 401/403`);
      if (op.requestBody && !statuses.includes("400")) lacking.push(`${op.operationId}: 400`);
    }
    expect(lacking).toEqual([]);
  });
});
