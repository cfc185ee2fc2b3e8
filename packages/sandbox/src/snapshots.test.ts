import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Sandbox } from "./index.ts";
import { createSandbox } from "./testing.ts";

/**
 * Every run starts exactly clean, whatever the run before it did to its engine: restored from
 * the component's snapshot (the default), or in a fresh context (the second pass of this
 * suite, SANDBOX_SNAPSHOTS=off). A component's top-level code runs once per thread with
 * snapshots; what it made is there, as it was, at the start of every run.
 */

/** What a run finds when it starts, then everything it can do to spoil the next one. */
const hostile = `export const parameters = { i: { type: "number" } };
let counter = 0;
const parse = JSON.parse;
const made = { list: [1, 2, 3] };
export default async function run(params, ctx) {
  const found = {
    counter,
    made: made.list.join(","),
    globals: Object.getOwnPropertyNames(globalThis).sort().join(","),
    arrayMethods: Object.getOwnPropertyNames(Array.prototype).sort().join(","),
    push: [].push === Array.prototype.push && [1].concat([2]).length,
    parse: JSON.parse === parse && JSON.parse("[7]")[0],
    console: typeof console,
    late: typeof globalThis.late,
    objectFrozen: Object.isFrozen(Object.prototype),
  };
  counter++;
  made.list.push(params.i);
  globalThis.leak = params.i;
  globalThis.keptCtx = ctx;
  Array.prototype.hostile = () => "hostile";
  Array.prototype.concat = () => [];
  JSON.parse = () => "poisoned";
  delete globalThis.console;
  Promise.resolve().then(() => Promise.resolve()).then(() => { globalThis.late = params.i; });
  if (params.i % 100 === 0) globalThis.big = "x".repeat(23e6);
  Object.freeze(Object.prototype);
  return found;
}`;
const pristine = {
  counter: 0,
  made: "1,2,3",
  push: 2,
  parse: 7,
  console: "object",
  late: "undefined",
  objectFrozen: false,
};
const component = (body: string, parameters = "{}") =>
  `export const parameters = ${parameters};\nexport default async function run(params, ctx) {\n${body}\n}\n`;

let sandbox: Sandbox;
let snapshots: boolean;
beforeAll(async () => {
  sandbox = createSandbox({ workers: 1 });
  await (await sandbox.compile(component("return 1"))).run({});
  snapshots = (await sandbox.stats()).engines[0]!.snapshots;
  expect(snapshots).toBe(process.env.SANDBOX_SNAPSHOTS !== "off");
});
afterAll(() => sandbox.dispose());

describe("every run starts clean", () => {
  it("1,000 hostile runs in a row each find the same start", async () => {
    const c = await sandbox.compile(hostile);
    const first = await c.run({ i: 0 });
    expect(first.ok, JSON.stringify(first)).toBe(true);
    const start = first.ok ? (first.value as Record<string, unknown>) : {};
    expect(start).toMatchObject(pristine);
    expect(start.globals).not.toMatch(/leak|keptCtx|late|big/);
    expect(start.arrayMethods).not.toMatch(/hostile/);
    for (let i = 1; i < 1000; i++) {
      const r = await c.run({ i });
      if (!r.ok || JSON.stringify(r.value) !== JSON.stringify(start))
        throw new Error(`run ${i} found ${JSON.stringify(r)}`);
    }
    expect((await sandbox.stats()).recycled).toBe(0);
  }, 120_000);

  it("two components alternating on one thread each find their own start", async () => {
    const make = (name: string) =>
      sandbox.compile(`export const parameters = {};
let runs = 0;
export default async function run() {
  const found = [runs, typeof globalThis.mark, typeof globalThis.other];
  runs++;
  globalThis.mark = "${name}";
  globalThis.other = "${name}";
  return found;
}`);
    const [a, b] = await Promise.all([make("a"), make("b")]);
    for (let i = 0; i < 100; i++) {
      expect(await a.run({})).toEqual({ ok: true, value: [0, "undefined", "undefined"] });
      expect(await b.run({})).toEqual({ ok: true, value: [0, "undefined", "undefined"] });
    }
  });

  it(
    "a timeout, an out-of-memory, a stack overflow, a run over its ctx calls and a job left " +
      "queued are each followed by a clean run",
    async () => {
      // A deadline with room for a busy machine: the out-of-memory run must reach its limit first.
      const tight = createSandbox({ timeoutMs: 2000, memoryMb: 32, workers: 1 });
      const clean = await tight.compile(hostile);
      const expectClean = async () =>
        expect((await clean.run({ i: 1 })).ok && (await clean.run({ i: 2 }))).toMatchObject({
          ok: true,
          value: pristine,
        });
      const before = (await tight.stats()).recycled;
      const bad = {
        timeout: component("globalThis.spoiled = 1; while (true) {}"),
        outOfMemory: component("globalThis.spoiled = 1; const a = []; while (true) a.push(new Array(1e6));"),
        stackOverflow: component("globalThis.spoiled = 1; const f = (n) => f(n + 1) + 1; return f(0);"),
        ctxCalls: component("globalThis.spoiled = 1; for (let i = 0; i < 200; i++) await ctx.noop(); return 1;"),
        leftJob: component(
          "return { toJSON() { Promise.resolve().then(() => { globalThis.spoiled = 1; while (true) {} " +
            "}); return 'left'; } };",
        ),
      };
      const outcomes: Record<string, unknown> = {};
      for (const [name, source] of Object.entries(bad)) {
        const r = await (await tight.compile(source)).run({}, { noop: async () => undefined });
        outcomes[name] = r.ok ? r.value : r.error.code;
        await expectClean();
      }
      expect(outcomes).toEqual({
        timeout: "COMPONENT_TIMEOUT",
        outOfMemory: "COMPONENT_FAILED",
        stackOverflow: "COMPONENT_FAILED",
        ctxCalls: "COMPONENT_FAILED",
        leftJob: "left",
      });
      // With snapshots none of them cost a thread; without, all but the stack overflow did.
      expect((await tight.stats()).recycled - before).toBe(snapshots ? 0 : 4);
      tight.dispose();
    },
  );

  it("Math.random differs between runs; top-level values are made once per thread with snapshots", async () => {
    const c = await sandbox.compile(`export const parameters = {};
const atLoad = Math.random();
export default async function run() { return [atLoad, Math.random(), Math.random()]; }`);
    const runs = await Promise.all(Array.from({ length: 50 }, () => c.run({})));
    const values = runs.map((r) => (r.ok ? (r.value as number[]) : []));
    const perRun = values.flatMap((v) => v.slice(1));
    expect(new Set(perRun).size).toBe(100);
    expect(new Set(values.map((v) => v[0])).size).toBe(snapshots ? 1 : 50);
  });

  it("a component whose snapshot is over the thread's bound is evaluated for each run, still clean", async () => {
    const small = createSandbox({ workers: 1, snapshotMb: 1 });
    try {
      const c = await small.compile(
        component("globalThis.count = (globalThis.count ?? 0) + 1; return [globalThis.count, big.length];").replace(
          "export default",
          'const big = "y".repeat(2e6);\nexport default',
        ),
      );
      for (let i = 0; i < 3; i++) expect(await c.run({})).toEqual({ ok: true, value: [1, 2e6] });
      expect((await small.stats()).engines[0]!.cached).toBe(0);
    } finally {
      small.dispose();
    }
  });

  it("a thread that has forgotten a component's source asks for it again", async () => {
    // Three sources of 0.8 MB each (as UTF-16) where a thread keeps 2 MiB of them, none
    // with a snapshot under the 1 MiB bound: every run needs its source, and some find it gone.
    const small = createSandbox({ workers: 1, snapshotMb: 1 });
    try {
      const make = (name: string) =>
        small.compile(
          component(`return "${name}";`).replace(
            "export default",
            `/*${"-".repeat(400_000)}*/
export default`,
          ),
        );
      const components = await Promise.all(["a", "b", "c"].map(make));
      for (let i = 0; i < 6; i++)
        expect(await components[i % 3]!.run({})).toEqual({ ok: true, value: ["a", "b", "c"][i % 3] });
    } finally {
      small.dispose();
    }
  });
});
