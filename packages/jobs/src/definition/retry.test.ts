import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY, retryAt, retryDelayMs, retryOf } from "./retry.ts";

const policy = { maxAttempts: 5, backoffSeconds: 30, maxBackoffSeconds: 100 };
const T = new Date("2026-03-01T10:00:00.000Z");

describe("retry policy", () => {
  it("doubles the wait with each failure up to the maximum", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(policy, n, 0.5))).toEqual([30_000, 60_000, 100_000, 100_000]);
  });
  it("moves each wait by at most 10 % either way", () => {
    expect(retryDelayMs(policy, 1, 0)).toBe(27_000);
    expect(retryDelayMs(policy, 1, 0.999_999)).toBe(33_000);
  });
  it("retries until the attempts are spent", () => {
    expect(retryAt(policy, 1, T, 0.5)).toBe("2026-03-01T10:00:30.000Z");
    expect(retryAt(policy, 4, T, 0.5)).toBe("2026-03-01T10:01:40.000Z");
    expect(retryAt(policy, 5, T, 0.5)).toBeUndefined();
  });
  it("fails at once by default", () => {
    expect(retryAt(DEFAULT_RETRY, 1, T, 0.5)).toBeUndefined();
  });
  it("fills what a stored definition leaves out with the defaults", () => {
    expect(retryOf(undefined)).toEqual(DEFAULT_RETRY);
    expect(retryOf({ maxAttempts: 3 })).toEqual({ maxAttempts: 3, backoffSeconds: 30, maxBackoffSeconds: 3600 });
  });
});
