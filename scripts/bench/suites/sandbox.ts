import { createSandbox } from "@platform/sandbox";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { runFor } from "../harness.ts";

/**
 * The component sandbox (@platform/sandbox), beside a plain JavaScript call of the same
 * function in the same run: compile, a new component's first run, warm runs of a trivial
 * component, a run with 10 ctx calls, and runs per second on one worker thread. Needs no
 * database.
 */
const trivialSource = `export const parameters = { n: { type: "number" } };
export default async function run(params) { return { doubled: params.n * 2 }; }`;
const plain = async (params: { n: number }) => ({ doubled: params.n * 2 });
const tenCallsSource = `export const parameters = {};
export default async function run(params, ctx) { let sum = 0; for (let i = 0; i < 10; i++) sum += await ctx.add(i); return sum; }`;

const percentiles = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { p50: at(50), p99: at(99) };
};
const timed = async (n: number, fn: (i: number) => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return percentiles(samples);
};

const suite: BenchSuite = {
  name: "sandbox",
  async run(ctx) {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, note?: string) => rows.push({ suite: "sandbox", metric, value, unit, ...(note ? { note } : {}) });
    const sandbox = createSandbox({ workers: 1 });
    try {
      await (await sandbox.compile(trivialSource)).run({ n: 1 }); // the thread is up before anything is timed

      const compile = await timed(200, (i) => sandbox.compile(`${trivialSource}\n// ${i}`));
      row("compile of a small component", compile.p50 * 1000, "µs p50", `p99 ${(compile.p99 * 1000).toFixed(0)} µs`);

      const first = await timed(200, async (i) => (await sandbox.compile(`${trivialSource}\n// first ${i}`)).run({ n: i }));
      row("first run of a new component (compile + run)", first.p50 * 1000, "µs p50", `p99 ${(first.p99 * 1000).toFixed(0)} µs`);

      const component = await sandbox.compile(trivialSource);
      for (let i = 0; i < 500; i++) await component.run({ n: i });
      const baseline = await timed(20_000, (i) => plain({ n: i }));
      const warm = await timed(5_000, (i) => component.run({ n: i }));
      row("plain JavaScript call of the same function (baseline)", baseline.p50 * 1000, "µs p50", `p99 ${(baseline.p99 * 1000).toFixed(1)} µs`);
      row("warm run of a trivial component", warm.p50 * 1000, "µs p50", `p99 ${(warm.p99 * 1000).toFixed(0)} µs`);
      row("sandbox overhead p50 (warm - baseline)", (warm.p50 - baseline.p50) * 1000, "µs", "goal <= 250 µs");
      row("sandbox overhead p99 (warm - baseline)", (warm.p99 - baseline.p99) * 1000, "µs", "goal <= 1000 µs on a quiet machine");

      const tenCalls = await sandbox.compile(tenCallsSource);
      const add = async (x: unknown) => x as number;
      const ten = await timed(2_000, () => tenCalls.run({}, { add }));
      row("run with 10 ctx calls", ten.p50 * 1000, "µs p50", `p99 ${(ten.p99 * 1000).toFixed(0)} µs`);

      // One worker thread kept busy by 4 callers: what one core of components does.
      const throughput = await runFor(Math.min(ctx.seconds, 5), 4, async (_loop, i) => {
        await component.run({ n: i });
      });
      row("runs/s on one worker thread (4 callers)", throughput.perSecond, "runs/s", `p99 ${throughput.p99.toFixed(2)} ms`);
    } finally {
      sandbox.dispose();
    }
    return rows;
  },
};

export default suite;
