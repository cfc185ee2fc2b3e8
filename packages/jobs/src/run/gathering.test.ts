import { describe, expect, it } from "vitest";
import { createGathering } from "./gathering.ts";

describe("gathering (outcomes recorded together)", () => {
  it("lets everyone go together, in one turn, once as many wait as could come", async () => {
    const together = createGathering(() => 3, 10_000);
    const order: string[] = [];
    const a = together().then(() => order.push("a"));
    const b = together().then(() => order.push("b"));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    const c = together().then(() => order.push("c"));
    // Released by the third arrival, long before the window: all three in the same turn.
    setImmediate(() => order.push("next turn"));
    await Promise.all([a, b, c]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("lets a run that ends alone go after the window", async () => {
    const together = createGathering(() => 5, 30);
    const t0 = performance.now();
    await together();
    const waited = performance.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(1000);
    // The next gathering starts afresh.
    const t1 = performance.now();
    await Promise.all([together(), together()]);
    expect(performance.now() - t1).toBeGreaterThanOrEqual(25);
  });
});
