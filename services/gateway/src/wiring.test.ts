import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { AnyPort, BoundedContext } from "@platform/host";
import { ports } from "@platform/ports";
import { iamContext } from "@platform/iam";
import { oauthContext } from "@platform/oauth";
import { sendingsContext } from "@platform/sendings";
import { ordersContext } from "@platform/orders";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { jobsContext } from "@platform/jobs";
import { graphContext } from "@platform/graph";
import { subscriptionsContext } from "@platform/subscriptions";
import { openApiContext } from "@platform/openapi";
import { portalContext } from "@platform/portal";
import { gatewayContext } from "@platform/http";
import { staticAuthContext } from "@platform/http/testing";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Each context and the sources that are its code (its package's, but for the two contexts of packages/http). */
const sourcesOf: readonly { readonly context: BoundedContext; readonly sources: string }[] = [
  { context: iamContext, sources: "packages/iam/src" },
  { context: oauthContext, sources: "packages/oauth/src" },
  { context: sendingsContext, sources: "packages/sendings/src" },
  { context: ordersContext, sources: "packages/orders/src" },
  { context: actorsContext, sources: "packages/actor-api/src" },
  { context: appsContext, sources: "packages/apps/src" },
  { context: jobsContext, sources: "packages/jobs/src" },
  { context: graphContext, sources: "packages/graph/src" },
  { context: subscriptionsContext, sources: "packages/subscriptions/src" },
  { context: portalContext, sources: "packages/portal/src" },
  { context: openApiContext, sources: "packages/openapi/src" },
  { context: gatewayContext, sources: "packages/http/src" },
  { context: staticAuthContext({}), sources: "packages/http/src/testing/static-auth.ts" },
];

/** What the build leaves out (tsconfig.build.json): tests and their helpers, which may stand in for a context. */
const testOnly = /(\.test\.tsx?$|-fixture\.ts$|\/(testing|test-support|e2e|fuzz|testdata)\/)/;

const filesUnder = (path: string): string[] => {
  const full = join(root, path);
  if (/\.(ts|tsx|mjs)$/.test(path)) return [full];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .map((f) => join(full, f))
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !testOnly.test(relative(root, f)));
};

/** A shared port passed to `.get(`, `.find(` or `.provide(` (the registry's calls, however they are wrapped). */
const call = /\.(get|find|provide)\(\s*ports\.(\w+)\s*[,)]/g;

const portsCalled = (path: string) => {
  const read = new Set<AnyPort>();
  const provided = new Set<AnyPort>();
  for (const file of filesUnder(path))
    for (const [, method, name] of readFileSync(file, "utf8").matchAll(call)) {
      const port = (ports as Record<string, AnyPort>)[name!];
      if (!port) throw new Error(`${relative(root, file)}: ports.${name} is no port of @platform/ports`);
      (method === "provide" ? provided : read).add(port);
    }
  return { read, provided };
};

const names = (list: Iterable<AnyPort>) => [...list].map((p) => p.description).sort();

describe("each context's declared ports", () => {
  it.each(sourcesOf.map((s) => [s.context.name, s] as const))(
    "%s declares exactly the ports its code reads and provides",
    (_, { context, sources }) => {
      const { read, provided } = portsCalled(sources);
      const own = new Set(context.provides ?? []);
      // A context reading a port it provides itself (its own routes) depends on nobody for it.
      const fromOthers = [...read].filter((p) => !own.has(p));
      expect(names([...(context.requires ?? []), ...(context.uses ?? [])])).toEqual(names(fromOthers));
      expect(names(context.provides ?? [])).toEqual(names(provided));
    },
  );

  it("covers every package whose code calls a shared port", () => {
    const scanned = sourcesOf.map((s) => s.sources);
    const callers = readdirSync(join(root, "packages")).filter((pkg) => {
      const { read, provided } = portsCalled(`packages/${pkg}/src`);
      return read.size + provided.size > 0;
    });
    for (const pkg of callers) expect(scanned).toContain(`packages/${pkg}/src`);
  });
});
