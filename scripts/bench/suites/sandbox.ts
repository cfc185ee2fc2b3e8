import { createSandbox } from "@platform/sandbox";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { percentiles, runFor } from "../harness.ts";

/**
 * The component sandbox (@platform/sandbox), beside a plain JavaScript call of the same
 * function and beside the same sandbox without snapshots (a fresh context and the module
 * evaluated for every run) in the same run: compile, a new component's first run, warm runs
 * of a trivial component and of one with a 100 KB module, a run with 10 ctx calls, and runs
 * per second on one worker thread. Needs no database.
 */
const trivialSource = `export const parameters = { n: { type: "number" } };
export default async function run(params) { return { doubled: params.n * 2 }; }`;
const plain = async (params: { n: number }) => ({ doubled: params.n * 2 });
/** The trivial component with 100 KB more module: a table it builds at the top level. */
const largeSource = `${trivialSource}
export const table = [${Array.from({ length: 3_000 }, (_, i) => `{ id: ${i}, name: "entry ${i}" }`).join(",\n")}];`;
const tenCallsSource = `export const parameters = {};
export default async function run(params, ctx) {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += await ctx.add(i);
  return sum;
}`;

/** Runs that each find the sandbox idle (as an ingress request or a due job usually does). */
const arrivingIdle = async (component: { run(input: unknown): Promise<unknown> }) => {
  const samples: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    await new Promise((r) => setTimeout(r, 1));
    const t0 = process.hrtime.bigint();
    await component.run({ n: i });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return percentiles(samples);
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
    const row = (metric: string, value: number, unit: string, note?: string) =>
      rows.push({ suite: "sandbox", metric, value, unit, ...(note ? { note } : {}) });
    // The default sandbox (a thread per CPU, at least 2): while one thread frees a used context
    // and makes the next one, the next run goes to another.
    const sandbox = createSandbox();
    const single = createSandbox({ workers: 1 });
    const fresh = createSandbox({ snapshots: false });
    try {
      await (await sandbox.compile(trivialSource)).run({ n: 1 }); // the thread is up before anything is timed

      const compile = await timed(200, (i) => sandbox.compile(`${trivialSource}\n// ${i}`));
      row("compile of a small component", compile.p50 * 1000, "µs p50", `p99 ${(compile.p99 * 1000).toFixed(0)} µs`);

      const first = await timed(200, async (i) =>
        (await sandbox.compile(`${trivialSource}\n// first ${i}`)).run({ n: i }),
      );
      row(
        "first run of a new component (compile + run)",
        first.p50 * 1000,
        "µs p50",
        `p99 ${(first.p99 * 1000).toFixed(0)} µs`,
      );

      const component = await sandbox.compile(trivialSource);
      for (let i = 0; i < 500; i++) await component.run({ n: i });
      const baseline = await timed(20_000, (i) => plain({ n: i }));
      const warm = await timed(5_000, (i) => component.run({ n: i }));
      const idle = await arrivingIdle(component);
      row(
        "plain JavaScript call of the same function (baseline)",
        baseline.p50 * 1000,
        "µs p50",
        `p99 ${(baseline.p99 * 1000).toFixed(1)} µs`,
      );
      row(
        "warm run of a trivial component, back to back",
        warm.p50 * 1000,
        "µs p50",
        `p99 ${(warm.p99 * 1000).toFixed(0)} µs; goal p50 <= 150`,
      );
      row(
        "sandbox overhead back to back p50 / p99",
        (warm.p50 - baseline.p50) * 1000,
        "µs",
        `p99 ${((warm.p99 - baseline.p99) * 1000).toFixed(0)} µs; goal p50 <= 250, p99 <= 1000`,
      );
      row(
        "sandbox overhead, a run arriving at an idle sandbox",
        (idle.p50 - baseline.p50) * 1000,
        "µs p50",
        `p99 ${((idle.p99 - baseline.p99) * 1000).toFixed(0)} µs; goal p50 <= 250, p99 <= 1000`,
      );

      // The path without snapshots, measured the same way in the same run.
      const freshComponent = await fresh.compile(trivialSource);
      for (let i = 0; i < 500; i++) await freshComponent.run({ n: i });
      const freshWarm = await timed(5_000, (i) => freshComponent.run({ n: i }));
      row(
        "the same without snapshots (a fresh context per run), back to back",
        freshWarm.p50 * 1000,
        "µs p50",
        `p99 ${(freshWarm.p99 * 1000).toFixed(0)} µs`,
      );
      const freshIdle = await arrivingIdle(freshComponent);
      row(
        "the same without snapshots, a run arriving at an idle sandbox",
        freshIdle.p50 * 1000,
        "µs p50",
        `p99 ${(freshIdle.p99 * 1000).toFixed(0)} µs`,
      );

      const large = await sandbox.compile(largeSource);
      for (let i = 0; i < 500; i++) await large.run({ n: i });
      const largeWarm = await timed(5_000, (i) => large.run({ n: i }));
      row(
        `warm run of a component with a ${Math.round(largeSource.length / 1000)} KB module, back to back`,
        largeWarm.p50 * 1000,
        "µs p50",
        `p99 ${(largeWarm.p99 * 1000).toFixed(0)} µs; ` +
          `goal: no dearer than the small one (${(warm.p50 * 1000).toFixed(0)} µs)`,
      );
      const freshLarge = await fresh.compile(largeSource);
      for (let i = 0; i < 100; i++) await freshLarge.run({ n: i });
      const freshLargeWarm = await timed(1_000, (i) => freshLarge.run({ n: i }));
      row(
        "the same without snapshots",
        freshLargeWarm.p50 * 1000,
        "µs p50",
        `p99 ${(freshLargeWarm.p99 * 1000).toFixed(0)} µs`,
      );

      const tenCalls = await sandbox.compile(tenCallsSource);
      const add = async (x: unknown) => x as number;
      const ten = await timed(2_000, () => tenCalls.run({}, { add }));
      row("run with 10 ctx calls", ten.p50 * 1000, "µs p50", `p99 ${(ten.p99 * 1000).toFixed(0)} µs`);

      // One worker thread: its warm runs one after another, and kept busy by 4 callers (what one
      // core of components does, a fresh context made and freed for each run).
      const one = await single.compile(trivialSource);
      for (let i = 0; i < 500; i++) await one.run({ n: i });
      const oneWarm = await timed(3_000, (i) => one.run({ n: i }));
      row("warm run, one worker thread", oneWarm.p50 * 1000, "µs p50", `p99 ${(oneWarm.p99 * 1000).toFixed(0)} µs`);
      const throughput = await runFor(Math.min(ctx.seconds, 5), 4, async (_loop, i) => {
        await one.run({ n: i });
      });
      row(
        "runs/s on one worker thread (4 callers)",
        throughput.perSecond,
        "runs/s",
        `p99 ${throughput.p99.toFixed(2)} ms`,
      );
    } finally {
      sandbox.dispose();
      single.dispose();
      fresh.dispose();
    }
    return rows;
  },
};

export default suite;
