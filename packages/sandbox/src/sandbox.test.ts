import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@platform/kernel";
import type { Sandbox } from "./index.ts";
import { createSandbox } from "./testing.ts";

const component = (body: string, parameters = "{}") =>
  `export const parameters = ${parameters};\nexport default async function run(params, ctx) {\n${body}\n}\n`;

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = createSandbox({ workers: 2 });
});
afterAll(() => sandbox.dispose());

const compileError = async (source: string) => {
  try {
    await sandbox.compile(source);
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    return { code: (e as DomainError).code, details: (e as DomainError).details };
  }
  throw new Error("compiled");
};

describe("compile", () => {
  it("keeps the declared parameters", async () => {
    const c = await sandbox.compile(
      component("return params", '{ n: { type: "number", default: 2 }, at: { type: ["instant", "nothing"] } }'),
    );
    expect(c.parameters).toEqual({ n: { type: "number", default: 2 }, at: { type: ["instant", "nothing"] } });
    expect(Object.isFrozen(c.parameters)).toBe(true);
  });

  it.each<[string, string, unknown]>([
    [
      "a syntax error, with its line and column",
      "export const parameters = {};\nexport default function run() {\n  return 1 +;\n}\n",
      [
        {
          path: "source",
          message: "SyntaxError: unexpected token in expression: ';' (line 3, column 25)",
          line: 3,
          column: 25,
        },
      ],
    ],
    [
      "a throw at the top level",
      "export const parameters = {};\nthrow new Error('top');\nexport default () => 1;",
      [{ path: "source", message: "Error: top (line 2, column 11)", line: 2, column: 11 }],
    ],
    [
      "no default function",
      "export const parameters = {};\nexport default 5;",
      [
        {
          path: "default",
          message: "the module must export a default function: export default async function run(params, ctx) {…}",
        },
      ],
    ],
    [
      "no parameters",
      "export default () => 1;",
      [{ path: "parameters", message: "the module must export its parameters: export const parameters = {…}" }],
    ],
    [
      "parameters that are not an object",
      "export const parameters = 5;\nexport default () => 1;",
      [{ path: "parameters", message: "must be an object of parameter declarations" }],
    ],
    [
      "a declaration that is a function",
      "export const parameters = { a: () => 1 };\nexport default () => 1;",
      [{ path: "parameters.a", message: "must be an object with a type" }],
    ],
    [
      "a bad type and a bad default at once",
      'export const parameters = { a: { type: "txt" }, b: { type: "boolean", default: 1 } };\nexport default () => 1;',
      [
        {
          path: "parameters.a.type",
          message: "must be one of text, number, boolean, instant, object, array, nothing, or a list of distinct ones",
        },
        { path: "parameters.b.default", message: "expected true or false" },
      ],
    ],
    [
      "top-level code that never settles",
      "export const parameters = {};\nexport default () => 1;\nawait new Promise(() => {});",
      [{ path: "source", message: "the component awaits a promise that never settles (no ctx call is outstanding)" }],
    ],
    [
      "top-level code that loops",
      "export const parameters = {};\nexport default () => 1;\nwhile (true) {}",
      [{ path: "source", message: "evaluating the module: the component ran longer than 2000 ms" }],
    ],
    ["an empty source", "  ", [{ path: "source", message: "must be the module's text" }]],
  ])("refuses %s with VALIDATION_FAILED", async (_name, source, details) => {
    expect(await compileError(source)).toEqual({ code: "VALIDATION_FAILED", details });
  });
});

describe("run", () => {
  it("validates before any code runs: a bad input names every field and calls nothing", async () => {
    let called = 0;
    const c = await sandbox.compile(
      component("await ctx.touch(); return 1", '{ n: { type: "number" }, s: { type: "text" } }'),
    );
    expect(await c.run({ n: "1", x: 1 }, { touch: async () => void called++ })).toEqual({
      ok: false,
      error: {
        code: "VALIDATION_FAILED",
        message: "The component's parameters are invalid",
        details: [
          { path: "n", message: "expected a number" },
          { path: "s", message: "required" },
          { path: "x", message: "not a declared parameter" },
        ],
      },
    });
    expect(called).toBe(0);
  });

  it("the component sees its parameters with defaults filled in and instants in UTC", async () => {
    const c = await sandbox.compile(
      component(
        "return params",
        '{ n: { type: "number", default: 2 }, at: { type: "instant" }, note: { type: ["text", "nothing"] } }',
      ),
    );
    expect(await c.run({ at: "2026-11-24T12:00:00+02:00" })).toEqual({
      ok: true,
      value: { n: 2, at: "2026-11-24T10:00:00.000Z", note: null },
    });
  });

  it("ctx calls run on the host in order, their answers awaited, with JSON in and out", async () => {
    const calls: unknown[] = [];
    const c = await sandbox.compile(
      component(`
        const a = await ctx.add(1, 2);
        const [b, c] = await Promise.all([ctx.add(a, 10), ctx.add(a, 20)]);
        const nothing = await ctx.none();
        return { a, b, c, nothing: nothing === undefined };`),
    );
    const r = await c.run(
      {},
      {
        add: async (x, y) => {
          calls.push([x, y]);
          return (x as number) + (y as number);
        },
        none: async () => undefined,
      },
    );
    expect(r).toEqual({ ok: true, value: { a: 3, b: 13, c: 23, nothing: true } });
    expect(calls).toEqual([
      [1, 2],
      [3, 10],
      [3, 20],
    ]);
  });

  it("an uncaught ctx rejection fails the run with its code and status", async () => {
    const c = await sandbox.compile(component("await ctx.send({}); return 1"));
    const r = await c.run({}, { send: async () => Promise.reject(new DomainError("FORBIDDEN", "not permitted")) });
    expect(r).toEqual({
      ok: false,
      error: { code: "COMPONENT_FAILED", message: "Error: not permitted", details: { code: "FORBIDDEN" } },
    });
  });

  it("a thrown error fails the run with the component's own stack only", async () => {
    const c = await sandbox.compile(component('throw new TypeError("bad order")'));
    expect(await c.run({})).toEqual({
      ok: false,
      error: {
        code: "COMPONENT_FAILED",
        message: "TypeError: bad order",
        details: { stack: expect.stringMatching(/^\s+at run \(component\.js:\d+:\d+\)$/) },
      },
    });
    const thrown = await sandbox.compile(component('throw { reason: "x" }'));
    expect(await thrown.run({})).toEqual({
      ok: false,
      error: { code: "COMPONENT_FAILED", message: 'the component threw {"reason":"x"}' },
    });
  });

  it("a result that is not JSON fails; undefined is null", async () => {
    expect(await (await sandbox.compile(component("return 1n"))).run({})).toEqual({
      ok: false,
      error: {
        code: "COMPONENT_FAILED",
        message: "the value is not JSON (TypeError: BigInt are forbidden in JSON.stringify)",
      },
    });
    expect(await (await sandbox.compile(component("return undefined"))).run({})).toEqual({ ok: true, value: null });
  });

  it("console lines reach the caller, at most 1 KiB each and 100 per run", async () => {
    const c = await sandbox.compile(
      component(
        "console.warn({ a: 1 }, [2], 'three'); for (let i = 0; i < 150; i++) console.log('x'.repeat(2000)); return 1",
      ),
    );
    const lines: [string, string][] = [];
    expect(await c.run({}, {}, { onConsole: (level, line) => lines.push([level, line]) })).toEqual({
      ok: true,
      value: 1,
    });
    expect(lines.length).toBe(100);
    expect(lines[0]).toEqual(["warn", '{"a":1} [2] three']);
    expect(lines[1]).toEqual(["log", `${"x".repeat(1021)}...`]);
  });

  it("runs in parallel on the workers, each in its own context", async () => {
    const c = await sandbox.compile(
      component(
        "globalThis.seen = (globalThis.seen ?? 0) + 1; await ctx.pause(); return [params.i, globalThis.seen]",
        '{ i: { type: "number" } }',
      ),
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        c.run({ i }, { pause: () => new Promise((r) => setTimeout(() => r(null), 5)) }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 8 }, (_, i) => ({ ok: true, value: [i, 1] })));
  });

  it("refuses ctx names that are not identifiers", async () => {
    const c = await sandbox.compile(component("return 1"));
    await expect(c.run({}, { "a-b": async () => null })).rejects.toThrow(
      "ctx.a-b must be a function with an identifier name",
    );
  });
});

describe("every handle is freed", () => {
  it("10,000 runs with an answered and a refused ctx call each leave the engines' object counts " +
    "and the host heap flat", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const c = await sandbox.compile(
      component(
        `const r = await ctx.echo({ n: params.n, list: [1, 2, 3] });
         let refused;
         try { await ctx.refuse(); } catch (e) { refused = e.code; }
         console.log("n", r.n);
         return { n: r.n, refused, s: "x".repeat(100) };`,
        '{ n: { type: "number" } }',
      ),
    );
    const ctx = {
      echo: async (x: unknown) => x as never,
      refuse: async () => Promise.reject(Object.assign(new Error("no"), { code: "FORBIDDEN", status: 403 })),
    };
    const batch = async (from: number, count: number) => {
      for (let i = from; i < from + count; i += 4) {
        const rs = await Promise.all([0, 1, 2, 3].map((k) => c.run({ n: i + k }, ctx, { onConsole: () => undefined })));
        for (const [k, r] of rs.entries()) {
          const value = r.ok ? (r.value as { n: number; refused: string }) : undefined;
          if (value?.n !== i + k || value.refused !== "FORBIDDEN")
            throw new Error(`run ${i + k}: ${JSON.stringify(r)}`);
        }
      }
    };
    await batch(0, 1000);
    const before = await sandbox.stats();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    await batch(1000, 9000);
    const after = await sandbox.stats();
    gc();
    const heapAfter = process.memoryUsage().heapUsed;
    expect(after.workers).toBe(before.workers);
    expect(after.recycled).toBe(before.recycled);
    expect(after.engines.map((e) => e.thread)).toEqual(before.engines.map((e) => e.thread));
    // QuickJS frees cycles in batches, so a snapshot may hold one dead context's ~200 objects
    // (~36 KB) not yet collected; one handle leaked per run would be 9,000 objects or more.
    for (const [i, e] of after.engines.entries()) {
      expect(e.objects - before.engines[i]!.objects).toBeLessThan(250);
      expect(e.memoryUsed - before.engines[i]!.memoryUsed).toBeLessThan(48 * 1024);
    }
    expect((heapAfter - heapBefore) / 2 ** 20).toBeLessThan(2);
  }, 120_000);
});
