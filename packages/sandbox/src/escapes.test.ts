import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Component, RunResult, Sandbox } from "./index.ts";
import { createSandbox } from "./testing.ts";

/**
 * Every way out of the sandbox we know of, each with its exact outcome. The host stays clean,
 * the next run starts clean, and the limits hold (the deadline's: deadlines.test.ts).
 */
const component = (body: string, parameters = "{}") =>
  `export const parameters = ${parameters};\nexport default async function run(params, ctx) {\n${body}\n}\n`;
const failed = (message: string, details?: unknown): RunResult => ({
  ok: false,
  error:
    details === undefined
      ? { code: "COMPONENT_FAILED", message }
      : { code: "COMPONENT_FAILED", message, details: details as never },
});
const TIMEOUT = 300;

let sandbox: Sandbox;
beforeAll(() => {
  sandbox = createSandbox({ timeoutMs: TIMEOUT, workers: 1 });
});
afterAll(() => sandbox.dispose());

const trivial = () => sandbox.compile(component("return 1"));
/** The next run works. */
const warm = async () => expect(await (await trivial()).run({})).toEqual({ ok: true, value: 1 });
const run = async (body: string, ctx = {}) => (await sandbox.compile(component(body))).run({}, ctx);
/** The component's own frames only: QuickJS's positions, never a host path. */
const componentStack = expect.stringMatching(/^(\s+at \S+ \((component\.js|<input>):\d+:\d+\)\n?)+$/);

describe("the host is out of reach", () => {
  it("process is not there", async () => {
    expect(await run("return typeof process")).toEqual({ ok: true, value: "undefined" });
    expect(await run("return process.env")).toEqual(
      failed("ReferenceError: process is not defined", { stack: componentStack }),
    );
  });

  it("the Function constructor reaches only the sandbox's own global", async () => {
    expect(await run('return globalThis.constructor.constructor("return process")()')).toEqual(
      failed("ReferenceError: process is not defined", {
        stack: expect.stringMatching(/^\s+at anonymous \(<input>:1:1\)\n\s+at run \(component\.js:3:\d+\)$/),
      }),
    );
    expect(
      await run('const g = Function("return this")(); return [g === globalThis, typeof g.process, typeof g.require]'),
    ).toEqual({
      ok: true,
      value: [true, "undefined", "undefined"],
    });
  });

  it("import() of anything fails, and a static import does not compile", async () => {
    expect(await run('const fs = await import("node:fs"); return typeof fs')).toEqual(
      failed("ReferenceError: could not load module 'node:fs'"),
    );
    expect(await run('return (await import("./lib.js")).default')).toEqual(
      failed("ReferenceError: could not load module 'lib.js'"),
    );
    await expect(
      sandbox.compile('import fs from "node:fs";\nexport const parameters = {};\nexport default () => 1;'),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "source", message: "ReferenceError: could not load module 'node:fs'" }],
    });
  });

  it.each([
    ["require", 'return require("node:fs")'],
    ["fetch", 'return fetch("http://127.0.0.1:5432/")'],
    ["setTimeout", "return setTimeout(() => 1, 1)"],
    ["setInterval", "return setInterval(() => 1, 1)"],
    ["WebAssembly", "return WebAssembly.Memory"],
    ["Buffer", "return Buffer.from('x')"],
  ])("%s is not defined", async (name, body) => {
    expect(await run(body)).toEqual(failed(`ReferenceError: ${name} is not defined`, { stack: componentStack }));
  });

  it(
    "the global object holds the ECMAScript built-ins and console, crypto, performance, " + "queueMicrotask only",
    async () => {
      expect(await run("return Object.getOwnPropertyNames(globalThis).sort()")).toEqual({
        ok: true,
        value: [
          "AggregateError",
          "Array",
          "ArrayBuffer",
          "BigInt",
          "BigInt64Array",
          "BigUint64Array",
          "Boolean",
          "DOMException",
          "DataView",
          "Date",
          "Error",
          "EvalError",
          "FinalizationRegistry",
          "Float16Array",
          "Float32Array",
          "Float64Array",
          "Function",
          "Infinity",
          "Int16Array",
          "Int32Array",
          "Int8Array",
          "InternalError",
          "Iterator",
          "JSON",
          "Map",
          "Math",
          "NaN",
          "Number",
          "Object",
          "Promise",
          "Proxy",
          "RangeError",
          "ReferenceError",
          "Reflect",
          "RegExp",
          "Set",
          "SharedArrayBuffer",
          "String",
          "Symbol",
          "SyntaxError",
          "TypeError",
          "URIError",
          "Uint16Array",
          "Uint32Array",
          "Uint8Array",
          "Uint8ClampedArray",
          "WeakMap",
          "WeakRef",
          "WeakSet",
          "console",
          "crypto",
          "decodeURI",
          "decodeURIComponent",
          "encodeURI",
          "encodeURIComponent",
          "escape",
          "eval",
          "globalThis",
          "isFinite",
          "isNaN",
          "parseFloat",
          "parseInt",
          "performance",
          "queueMicrotask",
          "undefined",
          "unescape",
        ],
      });
      expect(
        await run(
          "return [typeof crypto.randomUUID(), /^[0-9a-f-]{36}$/.test(crypto.randomUUID()), Object.keys(crypto)]",
        ),
      ).toEqual({
        ok: true,
        value: ["string", true, ["randomUUID"]],
      });
    },
  );

  it("ctx holds only the functions the caller gave, and host values cross as JSON copies", async () => {
    const host = { list: [1, 2], method: () => "host code", nested: { deep: true } };
    const seen: unknown[] = [];
    const r = await run(
      `const got = await ctx.read({ fn: () => 1, when: new Date(0), n: 1 });
       got.list.push(3); got.nested.deep = false;
       return { keys: Object.keys(ctx), got, method: typeof got.method };`,
      {
        read: async (arg: unknown) => {
          seen.push(arg);
          return host as never;
        },
      },
    );
    expect(r).toEqual({
      ok: true,
      value: { keys: ["read"], got: { list: [1, 2, 3], nested: { deep: false } }, method: "undefined" },
    });
    expect(seen).toEqual([{ when: "1970-01-01T00:00:00.000Z", n: 1 }]);
    expect(host.list).toEqual([1, 2]);
    expect(host.nested.deep).toBe(true);
  });

  it("a ctx rejection carries its message, code and status, and no host stack", async () => {
    const r = await run(
      `try { await ctx.refuse(); } catch (e) { return { name: e.name, message: e.message, code: e.code, status: e.status, stack: e.stack }; }`,
      {
        refuse: async () => {
          throw Object.assign(new Error("not permitted"), { code: "FORBIDDEN", status: 403 });
        },
      },
    );
    expect(r).toEqual({
      ok: true,
      value: { name: "Error", message: "not permitted", code: "FORBIDDEN", status: 403, stack: "" },
    });
  });
});

describe("the host and the next run stay clean", () => {
  it("polluting prototypes and globals changes neither the host nor the next run", async () => {
    const c = await sandbox.compile(
      component(`
        const before = [typeof Object.prototype.polluted, typeof globalThis.leaked, typeof Array.prototype.push, JSON.stringify({ a: 1 })];
        Object.prototype.polluted = "yes";
        Array.prototype.push = null;
        JSON.stringify = () => "hijacked";
        JSON.parse = () => ({ hijacked: true });
        globalThis.leaked = 1;
        return before;`),
    );
    const clean = { ok: true, value: ["undefined", "undefined", "function", '{"a":1}'] };
    expect(await c.run({})).toEqual(clean);
    expect(await c.run({})).toEqual(clean);
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(typeof Array.prototype.push).toBe("function");
    expect(globalThis).not.toHaveProperty("leaked");
  });
});

describe("the limits hold", () => {
  const rssDuring = async (work: () => Promise<unknown>) => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    const result = await work();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - before) / 2 ** 20 };
  };

  it.each([
    [
      "arrays of a million",
      "const a = []; while (true) a.push(new Array(1e6));",
      "the component ran out of memory (limit 32 MiB)",
    ],
    [
      "a Map filled one small entry at a time",
      "const m = new Map(); let i = 0; while (true) m.set(i++, { i });",
      "the component ran out of memory (limit 32 MiB) or threw null",
    ],
  ])(
    "the memory limit holds against %s: the host grows by less than the limit and the next run works",
    async (_name, body, message) => {
      const small = createSandbox({ memoryMb: 32, timeoutMs: 10_000, workers: 1 });
      try {
        const bomb = await small.compile(component(body));
        const ok = await small.compile(component("return [1, 2, 3].map((x) => x * 2)"));
        expect(await ok.run({})).toEqual({ ok: true, value: [2, 4, 6] });
        const { result, growthMb } = await rssDuring(() => bomb.run({}));
        expect(result).toEqual(failed(message));
        expect(growthMb).toBeLessThan(32);
        expect(await ok.run({})).toEqual({ ok: true, value: [2, 4, 6] });
      } finally {
        small.dispose();
      }
    },
  );

  it("a single huge allocation is refused, and the next run works", async () => {
    expect(await run("return new ArrayBuffer(1024 * 1024 * 1024).byteLength")).toEqual(
      failed("the component ran out of memory (limit 64 MiB)"),
    );
    await warm();
  });

  it.each([
    ["plain recursion", "function f(n) { return f(n + 1) + 1; } return f(0);"],
    ["recursion through a built-in", "const f = (n) => [n].map((x) => f(x + 1)); return f(0);"],
    ["a recursive getter", 'const o = {}; Object.defineProperty(o, "x", { get() { return this.x; } }); return o.x;'],
    ["JSON nested a hundred thousand deep", 'return JSON.parse("[".repeat(100000) + "]".repeat(100000));'],
  ])("deep recursion (%s) is a RangeError inside, and the next run works", async (_name, body) => {
    expect(await run(body)).toEqual(failed("RangeError: Maximum call stack size exceeded"));
    await warm();
  });

  it("large text never leaves the sandbox whole: results, errors and console lines are cut inside", async () => {
    // About sizes, not time: building 100 MB of text can pass the default 2 s on a loaded machine.
    const big = createSandbox({ memoryMb: 256, workers: 1, timeoutMs: 30_000 });
    try {
      const run50 = async (body: string, options = {}) => (await big.compile(component(body))).run({}, {}, options);
      const s = 'const s = "é".repeat(5e7);';
      expect(await run50(`${s} return s;`)).toEqual(failed("the result is larger than 1048576 bytes"));
      const thrown = await run50(`${s} throw new Error(s);`);
      expect(thrown.ok).toBe(false);
      if (!thrown.ok) {
        expect(thrown.error.message).toBe(`Error: ${"é".repeat(507)}...`);
        expect(Buffer.byteLength(thrown.error.message)).toBeLessThanOrEqual(1024);
      }
      const lines: string[] = [];
      expect(
        await run50(`${s} console.log(s); return 1;`, { onConsole: (_l: string, line: string) => lines.push(line) }),
      ).toEqual({ ok: true, value: 1 });
      expect(lines).toEqual([`${"é".repeat(510)}...`]);
      expect((await big.stats()).recycled).toBe(0);
    } finally {
      big.dispose();
    }
  });

  it("a result over the size limit fails", async () => {
    expect(await run('return "x".repeat(1024 * 1024)')).toEqual(failed("the result is larger than 1048576 bytes"));
    expect(await run('return "x".repeat(1024 * 1024 - 2)')).toEqual({ ok: true, value: "x".repeat(1024 * 1024 - 2) });
  });

  it("the 101st ctx call ends the run, caught or not; the host saw 100", async () => {
    // A deadline of its own: 100 host round trips must not race the 300 ms one on a loaded machine.
    const patient = createSandbox({ timeoutMs: 10_000, workers: 1 });
    const runPatiently = async (body: string, ctx: Parameters<Component["run"]>[1]) =>
      (await patient.compile(component(body))).run({}, ctx);
    for (const body of [
      "for (let i = 0; i < 101; i++) await ctx.count(i); return 'all'",
      "for (let i = 0; i < 101; i++) { try { await ctx.count(i); } catch { return 'caught'; } } return 'all'",
    ]) {
      const seen: unknown[] = [];
      const count = async (i: unknown) => {
        seen.push(i);
        return null;
      };
      expect(await runPatiently(body, { count })).toEqual(failed("a run may make at most 100 ctx calls"));
      expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i));
    }
    await patient.dispose();
  });

  it("ctx arguments over the size limit are refused inside the run", async () => {
    let called = 0;
    const r = await run(
      'try { await ctx.take("x".repeat(1024 * 1024)); } catch (e) { return e.name + ": " + e.message; }',
      {
        take: async () => {
          called++;
          return null;
        },
      },
    );
    expect(r).toEqual({ ok: true, value: "RangeError: ctx.take arguments are larger than 1048576 bytes" });
    expect(called).toBe(0);
  });
});

describe("after dispose", () => {
  it("a run still going ends with COMPONENT_FAILED and compile refuses", async () => {
    const s = createSandbox({ workers: 1 });
    const c: Component = await s.compile(component("await ctx.wait(); return 1"));
    const running = c.run({}, { wait: () => new Promise<never>(() => undefined) });
    await new Promise((r) => setTimeout(r, 50));
    s.dispose();
    expect(await running).toEqual(failed("the sandbox was disposed while the component ran"));
    await expect(s.compile(component("return 1"))).rejects.toThrow("the sandbox has been disposed");
  });
});
