import { describe, expect, it } from "vitest";
import { createBatchLoader } from "./batch-loader.ts";

const recording = (rows: Record<string, string>) => {
  const calls: string[][] = [];
  let gate: Promise<void> = Promise.resolve();
  const load = createBatchLoader(
    async (keys: readonly string[]) => {
      calls.push([...keys]);
      await gate;
      return new Map(keys.filter((k) => k in rows).map((k) => [k, rows[k]!]));
    },
    { maxBatch: 3 },
  );
  return { calls, load, hold: (p: Promise<void>) => (gate = p) };
};

describe("createBatchLoader", () => {
  it("sends the lookups of one turn as one query, equal keys once, unknown keys as undefined", async () => {
    const { calls, load } = recording({ a: "A", b: "B" });
    const got = await Promise.all([load("a"), load("b"), load("a"), load("x")]);
    expect(got).toEqual(["A", "B", "A", undefined]);
    expect(calls).toEqual([["a", "b", "x"]]);
  });

  it("starts another query past maxBatch keys", async () => {
    const { calls, load } = recording({ a: "A", b: "B", c: "C", d: "D" });
    expect(await Promise.all(["a", "b", "c", "d"].map((k) => load(k)))).toEqual(["A", "B", "C", "D"]);
    expect(calls).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("never joins a query already sent: a later lookup of the same key gets its own", async () => {
    const { calls, load, hold } = recording({ a: "A" });
    let open!: () => void;
    hold(new Promise<void>((r) => (open = r)));
    const first = load("a");
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([["a"]]);
    const second = load("a");
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([["a"], ["a"]]);
    open();
    expect(await Promise.all([first, second])).toEqual(["A", "A"]);
  });

  it("rejects every lookup of a failed query, and the next turn queries afresh", async () => {
    let fail = true;
    const load = createBatchLoader(async (keys: readonly string[]) => {
      if (fail) throw new Error("connection lost");
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    const results = await Promise.allSettled([load("a"), load("b")]);
    expect(results.map((r) => r.status === "rejected" && (r.reason as Error).message)).toEqual([
      "connection lost",
      "connection lost",
    ]);
    fail = false;
    expect(await load("a")).toBe("A");
  });
  it("oneAtATime: lookups asked while a query is out wait for it, then go as one query", async () => {
    const calls: string[][] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const load = createBatchLoader(
      async (keys: readonly string[]) => {
        calls.push([...keys]);
        if (calls.length === 1) await gate;
        return new Map(keys.map((k) => [k, k.toUpperCase()]));
      },
      { oneAtATime: true },
    );
    const first = load("a");
    await new Promise((r) => setImmediate(r));
    const later = [load("b"), load("a")];
    await new Promise((r) => setImmediate(r));
    const last = load("c");
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([["a"]]);
    open();
    expect(await Promise.all([first, ...later, last])).toEqual(["A", "B", "A", "C"]);
    expect(calls).toEqual([["a"], ["b", "a", "c"]]);
  });
});
