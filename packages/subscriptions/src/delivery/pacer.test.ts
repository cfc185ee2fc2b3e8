import { describe, expect, it } from "vitest";
import { createPacer } from "./pacer.ts";

describe("pacer", () => {
  it("gives each take the next slot, 1000 / n ms apart, and an idle pacer's first at once", () => {
    let t = 1000;
    const pacer = createPacer(4, () => t);
    const waits: (number | undefined)[] = [];
    const slot = () => waits.push(pacer.take() === undefined ? 0 : 1);
    slot();
    slot();
    slot();
    expect(waits).toEqual([0, 1, 1]);
    // 750 ms later the slots taken (1000, 1250, 1500) are used up: the next one is free again at once.
    t = 1750;
    slot();
    expect(waits.at(-1)).toBe(0);
  });

  it("waits nothing without a limit", () => {
    const pacer = createPacer(null);
    for (let i = 0; i < 100; i++) expect(pacer.take()).toBeUndefined();
  });

  it("spaces real waits by the gap", async () => {
    const pacer = createPacer(20);
    const started = performance.now();
    const at: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        await pacer.take();
        at.push(performance.now() - started);
      }),
    );
    // Five slots 50 ms apart: the last starts no sooner than 200 ms after the first.
    expect(at[4]! - at[0]!).toBeGreaterThanOrEqual(195);
  });
});
