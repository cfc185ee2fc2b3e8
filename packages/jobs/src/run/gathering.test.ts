import { describe, expect, it, vi } from "vitest";
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
    // On the fake clock: exactly when the window ends, whatever the machine's load.
    vi.useFakeTimers();
    try {
      const together = createGathering(() => 5, 30);
      let gone = 0;
      void together().then(() => gone++);
      await vi.advanceTimersByTimeAsync(29);
      expect(gone).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(gone).toBe(1);
      // The next gathering starts afresh: a whole window from its first arrival.
      void Promise.all([together(), together()]).then(() => (gone += 2));
      await vi.advanceTimersByTimeAsync(29);
      expect(gone).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(gone).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
