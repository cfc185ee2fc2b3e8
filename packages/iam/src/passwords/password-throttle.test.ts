import { describe, expect, it } from "vitest";
import { delayAfter } from "./password-throttle.ts";

describe("login delay", () => {
  const o = { baseDelayMs: 1000, maxDelayMs: 60_000 };
  it.each([
    [0, 0],
    [2, 0],
    [3, 1000],
    [4, 2000],
    [6, 8000],
    [9, 60_000],
    [500, 60_000],
  ])("after %i failures waits %i ms", (failures, ms) => {
    expect(delayAfter(failures, 3, o)).toBe(ms);
  });
});
