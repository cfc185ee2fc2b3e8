import { describe, expect, it } from "vitest";
import type { Component } from "./index.ts";
import { createSandbox } from "./testing.ts";
import { component, failed, run, useSandbox, warm } from "./test-support/escapes-fixture.ts";

/** The sandbox's limits hold (memory, results, console, ctx calls), and a disposed sandbox ends its runs. */
useSandbox();

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
    "the memory limit holds against %s: the host grows by the limit and its thread's heap at most; the next run works",
    async (_name, body, message) => {
      const small = createSandbox({ memoryMb: 32, timeoutMs: 10_000, workers: 1 });
      try {
        const bomb = await small.compile(component(body));
        const ok = await small.compile(component("return [1, 2, 3].map((x) => x * 2)"));
        expect(await ok.run({})).toEqual({ ok: true, value: [2, 4, 6] });
        const { result, growthMb } = await rssDuring(() => bomb.run({}));
        expect(result).toEqual(failed(message));
        // The host holds the component's memory itself (up to the 32 MiB limit) and the thread's own heap: 32.8–34.2
        // MiB were seen on a loaded machine. Unbounded, the bomb would take hundreds.
        expect(growthMb).toBeLessThan(32 + 16);
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
