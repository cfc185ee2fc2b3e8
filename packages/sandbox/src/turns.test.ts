import { afterEach, describe, expect, it } from "vitest";
import type { Json, Sandbox, SandboxOptions } from "./index.ts";
import { createSandbox } from "./testing.ts";

/**
 * A thread runs many components at once: a run waiting for a ctx answer is parked (its
 * memory copied out) and another takes the engine. Each run still sees only its own memory,
 * and parked memory stays within its bound. Without snapshots (the suite's second pass) a
 * thread takes one run at a time.
 */
const snapshots = process.env.SANDBOX_SNAPSHOTS !== "off";

/** Keeps what it was given in module state and globals, waits for the host, then reports what it finds. */
const keeper = `export const parameters = { n: { type: "number" }, grow: { type: "number", default: 0 } };
let runs = 0;
const mine = [];
export default async function run(params, ctx) {
  runs++;
  mine.push(params.n);
  globalThis.owner = params.n;
  const ballast = params.grow > 0 ? "y".repeat(params.grow) + params.n : "";
  const answer = await ctx.wait(params.n);
  const second = await ctx.wait(params.n + 1000);
  return {
    n: params.n, runs, mine, owner: globalThis.owner, answer, second,
    random: Math.random() < 1, ballast: ballast.length,
  };
}
`;

/**
 * The host's side of `ctx.wait`: holds every call until `expected` calls wait at once (or
 * `patienceMs` passed), answers them in reverse order, and reports the most that waited
 * together.
 */
const barrier = (expected: number, patienceMs = 400) => {
  let waiting: (() => void)[] = [];
  let most = 0;
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    clearTimeout(timer);
    timer = undefined;
    const now = waiting.reverse();
    waiting = [];
    for (const go of now) go();
  };
  return {
    most: () => most,
    wait: (n: Json | undefined) =>
      new Promise<Json>((resolve) => {
        waiting.push(() => resolve({ for: n ?? null }));
        most = Math.max(most, waiting.length);
        if (waiting.length >= expected) release();
        else timer ??= setTimeout(release, patienceMs);
      }),
  };
};

describe("runs in turns on one thread", () => {
  let sandbox: Sandbox | undefined;
  const make = (options: SandboxOptions = {}) => (sandbox = createSandbox({ workers: 1, timeoutMs: 5000, ...options }));
  afterEach(() => sandbox?.dispose());

  it("runs eight components at once on one thread, each with its own memory, state and answers", async () => {
    const component = await make({ runsPerThread: 8 }).compile(keeper);
    const host = barrier(8, snapshots ? 2000 : 100);
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => component.run({ n }, { wait: host.wait })));
    expect(host.most()).toBe(snapshots ? 8 : 1);
    expect(results).toEqual(
      Array.from({ length: 8 }, (_, n) => ({
        ok: true,
        value: {
          n,
          runs: 1,
          mine: [n],
          owner: n,
          answer: { for: n },
          second: { for: n + 1000 },
          random: true,
          ballast: 0,
        },
      })),
    );
  });

  it("keeps parked memory within the snapshot bound: runs too large to park go one after another", async () => {
    const component = await make({ runsPerThread: 8, snapshotMb: 2 }).compile(keeper);
    const host = barrier(4, 150);
    const grow = 3 * 1024 * 1024;
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, n) => component.run({ n, grow }, { wait: host.wait })),
    );
    expect(host.most()).toBe(1);
    expect(results.map((r) => (r.ok ? r.value : r.error))).toEqual(
      Array.from({ length: 4 }, (_, n) => ({
        n,
        runs: 1,
        mine: [n],
        owner: n,
        answer: { for: n },
        second: { for: n + 1000 },
        random: true,
        ballast: grow + 1,
      })),
    );
  });

  it("a parked run that is never answered ends at its deadline; the runs beside it are not touched", async () => {
    const component = await make({ runsPerThread: 4, timeoutMs: 400 }).compile(keeper);
    const answered = (n: Json | undefined): Promise<Json> => Promise.resolve({ for: n ?? null });
    const [stuck, ...others] = await Promise.all([
      component.run({ n: 0 }, { wait: () => new Promise(() => undefined) }),
      ...[1, 2, 3].map((n) => component.run({ n }, { wait: answered })),
    ]);
    expect(stuck).toEqual({
      ok: false,
      error: { code: "COMPONENT_TIMEOUT", message: "the component ran longer than 400 ms" },
    });
    expect(others.map((r) => (r.ok ? (r.value as { n: number; owner: number; runs: number }) : r.error))).toEqual(
      [1, 2, 3].map((n) => expect.objectContaining({ n, owner: n, runs: 1 })),
    );
    expect(await component.run({ n: 9 }, { wait: answered })).toEqual({
      ok: true,
      value: expect.objectContaining({ n: 9, runs: 1, mine: [9] }),
    });
  });
});
