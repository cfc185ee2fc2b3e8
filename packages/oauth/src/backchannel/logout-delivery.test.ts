import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./logout-delivery.ts";
import { logoutTokenId } from "./logout-token.ts";

describe("back-channel logout retries", () => {
  it("waits the base, then doubles, ± 10 %, at most an hour", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(5000, n, mid))).toEqual([5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(5000, 1, () => 0)).toBe(4500);
    expect(retryDelayMs(5000, 1, () => 1)).toBe(5500);
    expect(retryDelayMs(5000, 30, mid)).toBe(3_600_000);
  });

  it("names one session's end with one jti, whichever attempt carries it", () => {
    const sid = "0190f3c4-1d2e-7a3b-8c4d-5e6f7a8b9c0d";
    expect(logoutTokenId(sid)).toBe(logoutTokenId(sid));
    expect(logoutTokenId(sid)).not.toBe(logoutTokenId("0190f3c4-1d2e-7a3b-8c4d-5e6f7a8b9c0e"));
    expect(logoutTokenId(sid)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});
