import { describe, expect, it } from "vitest";
import { createPacer } from "./pacer.ts";

describe("pacer", () => {
  it("starts each take 1000 / n ms or more after the one before started, in call order", async () => {
    const pacer = createPacer(20);
    const t0 = performance.now();
    const at: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        await pacer.take();
        at[i] = performance.now() - t0;
      }),
    );
    // The first at once; then 50 ms apart at least (never closer), so the six span 250 ms or more.
    expect(at[0]!).toBeLessThan(20);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(50);
  });

  it("spaces from when the last one really started: a late start pushes the next one later, never closer", async () => {
    let t = 0;
    const pacer = createPacer(10, () => t);
    await pacer.take(); // at 0
    t = 150; // its caller ran late: the next may start at 250, not at 100
    await pacer.take();
    const next = pacer.take()!;
    let done = false;
    void next.then(() => {
      done = true;
    });
    t = 249;
    await new Promise((r) => setTimeout(r, 5));
    expect(done).toBe(false);
    t = 250;
    await next;
    expect(done).toBe(true);
  });

  it("waits nothing without a limit", () => {
    const pacer = createPacer(null);
    for (let i = 0; i < 100; i++) expect(pacer.take()).toBeUndefined();
  });
});
