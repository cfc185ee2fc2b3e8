import { describe, expect, it } from "vitest";
import { bounceRate, isBounceRateHigh, prometheusText, queueLevel } from "./health.ts";

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

  it("renders Prometheus text", () => {
    const text = prometheusText({ pending: 3, sent: 19, bounced: 1, cancelled: 2, sent24h: 19, bounced24h: 1 });
    expect(text).toContain("# TYPE sendings_pending gauge\nsendings_pending 3\n");
    expect(text).toContain('sendings_total{status="sent"} 19\nsendings_total{status="bounced"} 1\nsendings_total{status="cancelled"} 2\n');
    expect(text).toContain("sendings_bounce_rate_24h 0.05\n");
    expect(text).toContain("sendings_bounce_rate_high 0\n");
    expect(prometheusText({ pending: 0, sent: 9, bounced: 1, cancelled: 0, sent24h: 9, bounced24h: 1 })).toContain("sendings_bounce_rate_high 1\n");
    expect(text.endsWith("\n")).toBe(true);
  });
});
