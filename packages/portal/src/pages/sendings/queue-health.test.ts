import { describe, expect, it } from "vitest";
import { parseQueueMetrics } from "./queue-health.tsx";

const TEXT = [
  "# HELP sendings_pending Sendings waiting for delivery.",
  "sendings_pending 73",
  'sendings_total{status="sent"} 900',
  'sendings_total{status="bounced"} 60',
  'sendings_total{status="cancelled"} 4',
  "sendings_bounce_rate_24h 0.0625",
  "sendings_bounce_rate_high 1",
  "sendings_queue_level 1",
  "",
].join("\n");

describe("parseQueueMetrics", () => {
  it("reads the sendings samples of the Prometheus text", () => {
    expect(parseQueueMetrics(TEXT)).toEqual({ pending: 73, sent: 900, bounced: 60, cancelled: 4, bounceRate24h: 0.0625, bounceRateHigh: true, level: "warning" });
  });

  it("answers undefined when a sample is missing, not a number, or a level it does not know", () => {
    expect(parseQueueMetrics(TEXT.replace("sendings_pending 73\n", ""))).toBeUndefined();
    expect(parseQueueMetrics(TEXT.replace("sendings_pending 73", "sendings_pending NaN"))).toBeUndefined();
    expect(parseQueueMetrics(TEXT.replace("sendings_queue_level 1", "sendings_queue_level 3"))).toBeUndefined();
    expect(parseQueueMetrics("<html>proxy error</html>")).toBeUndefined();
  });
});
