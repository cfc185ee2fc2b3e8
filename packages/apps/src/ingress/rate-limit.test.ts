import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.ts";

describe("ingress rate limit", () => {
  it("lets a minute's worth through, then answers the seconds until the next", () => {
    let t = 0;
    const limit = createRateLimiter(3, () => t);
    expect([limit.take("a"), limit.take("a"), limit.take("a"), limit.take("a")]).toEqual([0, 0, 0, 20]);
    expect(limit.take("b")).toBe(0);
    t = 19_999;
    expect(limit.take("a")).toBe(1);
    t = 20_000;
    expect(limit.take("a")).toBe(0);
    expect(limit.take("a")).toBe(20);
  });
  it("is off at 0", () => {
    const limit = createRateLimiter(0);
    expect(Array.from({ length: 1000 }, () => limit.take("a")).every((s) => s === 0)).toBe(true);
  });
  it("keeps at most its bound of buckets, dropping the least recently used", () => {
    const limit = createRateLimiter(1, () => 0, 3);
    expect(["a", "b", "c"].map((k) => limit.take(k))).toEqual([0, 0, 0]);
    expect(limit.take("a")).toBe(60);
    limit.take("d");
    expect(limit.size()).toBe(3);
    // "b" was the least recently used: it went, and starts afresh; "a" was kept and is still spent.
    expect(limit.take("b")).toBe(0);
    expect(limit.take("a")).toBe(60);
  });
});
