import { describe, expect, it } from "vitest";
import { MAX_RETRY_MS, retryDelayMs } from "./retry-schedule.ts";

describe("retry schedule", () => {
  it("waits the base first, then doubles", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 5000, 0.5))).toEqual([5000, 10000, 20000, 40000]);
  });
  it("jitters by at most 10 % either way", () => {
    expect(retryDelayMs(1, 5000, 0)).toBe(4500);
    expect(retryDelayMs(1, 5000, 0.999999)).toBe(5500);
  });
  it("never waits more than an hour (plus jitter)", () => {
    expect(retryDelayMs(40, 5000, 0.5)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(13, 5000, 0.5)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(10, 5000, 0.5)).toBe(2_560_000);
  });
});
