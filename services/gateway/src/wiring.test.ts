import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defineContext, definePort } from "@platform/host";
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
import { wire } from "./wire.ts";
import { contexts } from "./wiring.ts";

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

  it("covers every context of the service's wiring", () => {
    const scanned = sourcesOf.map((s) => s.context.name);
    for (const c of contexts) expect(scanned).toContain(c.name);
  });

  it("covers every package whose code calls a shared port", () => {
    const scanned = sourcesOf.map((s) => s.sources);
    const callers = readdirSync(join(root, "packages")).filter((pkg) => {
      const { read, provided } = portsCalled(`packages/${pkg}/src`);
      return read.size + provided.size > 0;
    });
    for (const pkg of callers) expect(scanned).toContain(`packages/${pkg}/src`);
  });
});

describe("wire", () => {
  const clock = definePort<() => number>("clock");
  const ticks = definePort<() => number>("ticks");
  const clockContext = defineContext({ name: "clock", provides: [clock] });
  const reader = defineContext({ name: "reader", requires: [clock] });
  const ticker = defineContext({ name: "ticker", uses: [clock], provides: [ticks] });

  it("answers the contexts in order when every entry is its declaration and needs only earlier ports", () => {
    const wired = wire([
      { context: clockContext, provides: [clock] },
      { context: reader, requires: [clock] },
    ]);
    expect(wired).toEqual([clockContext, reader]);
  });

  it("refuses an entry that differs from its context's declaration", () => {
    expect(() => wire([{ context: clockContext, provides: [clock] }, { context: reader }])).toThrow(
      'Wiring of "reader": it requires [], but the context declares [clock]',
    );
    expect(() => wire([{ context: clockContext, provides: [clock, ticks] }])).toThrow(
      'Wiring of "clock": it provides [clock, ticks], but the context declares [clock]',
    );
  });

  it("refuses a requirement no earlier entry provides", () => {
    expect(() => wire([{ context: reader, requires: [clock] }])).toThrow(
      'Wiring of "reader": port "clock" is provided by no entry',
    );
    expect(() => wire([{ context: ticker, uses: [clock], provides: [ticks] }])).toThrow(
      'Wiring of "ticker": port "clock" is provided by no entry',
    );
  });

  it("refuses a port a later entry provides unless the entry lists it as late, and a late edge that is not", () => {
    const late = [
      { context: reader, requires: [clock] },
      { context: clockContext, provides: [clock] },
    ];
    expect(() => wire(late)).toThrow(
      'Wiring of "reader": port "clock" is provided only later (by "clock"): list it in late if it is read after setup',
    );
    expect(wire([{ ...late[0]!, late: [clock] }, late[1]!])).toEqual([reader, clockContext]);
    expect(() => wire([late[1]!, { ...late[0]!, late: [clock] }])).toThrow(
      'Wiring of "reader": port "clock" is provided earlier, so it is not late',
    );
    expect(() => wire([{ context: clockContext, provides: [clock], late: [ticks] }])).toThrow(
      'Wiring of "clock": late port "ticks" is none it requires or uses',
    );
  });
});
