import { describe, expect, it } from "vitest";
import { wakeableSleep } from "./wakeable-sleep.ts";

describe("wakeableSleep", () => {
  it("sleeps until woken, and not at all when woken before", async () => {
    const pause = wakeableSleep(() => true);
    const started = Date.now();
    const sleeping = pause.sleep(10_000);
    setTimeout(() => pause.wake(), 20);
    await sleeping;
    expect(Date.now() - started).toBeLessThan(5_000);
    await pause.sleep(10_000); // still woken: at once
    pause.reset();
    const t0 = Date.now();
    await pause.sleep(30);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
  });
  it("does not sleep once the task stopped", async () => {
    const t0 = Date.now();
    await wakeableSleep(() => false).sleep(10_000);
    expect(Date.now() - t0).toBeLessThan(1_000);
  });
});
