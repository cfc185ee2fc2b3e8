import { describe, expect, it } from "vitest";
import { bounceRate, isBounceRateHigh, queueLevel } from "./health.ts";

describe("health thresholds", () => {
  it.each([
    [0, "healthy"],
    [49, "healthy"],
    [50, "warning"],
    [100, "warning"],
    [101, "critical"],
  ] as const)("%i pending → %s", (pending, level) => expect(queueLevel(pending)).toBe(level));

  it("computes the bounce rate over finished sendings", () => {
    expect(bounceRate({ sent24h: 0, bounced24h: 0 })).toBe(0);
    expect(bounceRate({ sent24h: 19, bounced24h: 1 })).toBe(0.05);
    expect(bounceRate({ sent24h: 3, bounced24h: 1 })).toBe(0.25);
  });

  it("flags a bounce rate above 5 %, not at 5 %", () => {
    expect(isBounceRateHigh(bounceRate({ sent24h: 19, bounced24h: 1 }))).toBe(false);
    expect(isBounceRateHigh(bounceRate({ sent24h: 18, bounced24h: 1 }))).toBe(true);
    expect(isBounceRateHigh(0)).toBe(false);
  });
});
