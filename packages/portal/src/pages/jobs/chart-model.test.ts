import { describe, expect, it } from "vitest";
import { FRAME, countsChart, durationsChart, minutesOf, niceCeil, timeTicks } from "./chart-model.ts";
import { CountsSvg, DurationsSvg } from "./chart-svg.tsx";
import type { StatisticsBucket } from "./job-types.ts";

const PLOT_H = FRAME.height - FRAME.top - FRAME.bottom;
const bucket = (bucketTime: string, over: Partial<StatisticsBucket>): StatisticsBucket => ({
  jobDefinitionId: "reports/eu/nightly",
  bucketTime,
  scheduled: 0,
  successful: 0,
  failed: 0,
  minExecution: null,
  maxExecution: null,
  avgExecution: null,
  cacheQueueDepth: 0,
  totalQueueDepth: 0,
  ...over,
});

const minutes = minutesOf(new Date("2026-03-01T10:59:30.000Z"), 60);
const byMinute = (...bs: StatisticsBucket[]) => new Map(bs.map((b) => [b.bucketTime, b]));

describe("the statistics charts", () => {
  it("cover the window's minutes, the last one the current minute", () => {
    expect(minutes).toHaveLength(60);
    expect(minutes[0]).toBe("2026-03-01T10:00:00.000Z");
    expect(minutes.at(-1)).toBe("2026-03-01T10:59:00.000Z");
  });

  it("round the axis up to 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 2, 3, 7, 10, 11, 48, 120, 999].map(niceCeil)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 200, 1000]);
  });

  it(
    "draw a bar per minute and series with jobs, failed stacked on successful, heights " + "proportional to the counts",
    () => {
      const chart = countsChart(
        minutes,
        byMinute(
          bucket(minutes[5]!, { successful: 4, failed: 1, scheduled: 5 }),
          bucket(minutes[30]!, { successful: 2 }),
          bucket(minutes[31]!, { scheduled: 3 }),
        ),
        "UTC",
      );
      expect(chart.yMax).toBe(5);
      expect(chart.bars.map((b) => [b.minute.slice(11, 16), b.series, b.value])).toEqual([
        ["10:05", "successful", 4],
        ["10:05", "failed", 1],
        ["10:30", "successful", 2],
      ]);
      const [ok, failed, later] = chart.bars as [
        (typeof chart.bars)[0],
        (typeof chart.bars)[0],
        (typeof chart.bars)[0],
      ];
      expect(ok.height).toBeCloseTo((4 / 5) * PLOT_H, 1);
      expect(failed.height).toBeCloseTo((1 / 5) * PLOT_H, 1);
      expect(later.height).toBeCloseTo((2 / 5) * PLOT_H, 1);
      expect(ok.y + ok.height).toBeCloseTo(FRAME.height - FRAME.bottom, 1); // on the axis
      expect(failed.y + failed.height).toBeCloseTo(ok.y, 1); // on top of the successful ones
      expect(later.x).toBeGreaterThan(ok.x);
      expect(chart.scheduled?.split(" ")).toHaveLength(60);
      expect(chart.scheduledPoints.map((p) => [p.minute.slice(11, 16), p.value, p.y])).toEqual([
        ["10:05", 5, FRAME.top],
        ["10:31", 3, Math.round((FRAME.top + PLOT_H * (2 / 5)) * 100) / 100],
      ]);
      expect(chart.yTicks.map((t) => t.label)).toEqual(["0", "5"]);
    },
  );

  it("label the time axis in the viewer's zone, about six labels", () => {
    expect(timeTicks(minutes, "UTC").map((t) => t.label)).toEqual([
      "10:00",
      "10:10",
      "10:20",
      "10:30",
      "10:40",
      "10:50",
    ]);
    expect(timeTicks(minutes, "Asia/Kolkata").map((t) => t.label)).toEqual([
      "15:30",
      "15:40",
      "15:50",
      "16:00",
      "16:10",
      "16:20",
    ]);
    expect(
      timeTicks(minutesOf(new Date("2026-03-01T23:59:00.000Z"), 1440), "America/New_York").map((t) => t.label),
    ).toEqual(["20:00", "00:00", "04:00", "08:00", "12:00", "16:00"]);
  });

  it("draw execution times from shortest to longest with the mean marked", () => {
    const chart = durationsChart(
      minutes,
      byMinute(
        bucket(minutes[2]!, { successful: 2, minExecution: 20, maxExecution: 80, avgExecution: 50 }),
        bucket(minutes[3]!, { scheduled: 1 }),
      ),
      "UTC",
    );
    expect(chart.yMax).toBe(100);
    expect(chart.ranges).toHaveLength(1);
    expect(chart.ranges[0]!.height).toBeCloseTo((60 / 100) * PLOT_H, 1);
    expect(chart.averages[0]!.y).toBeCloseTo(FRAME.height - FRAME.bottom - PLOT_H / 2, 1);
  });

  it(
    "render as an image with a label, one rect per bar, the scheduled line and a legend; no " + "script, no style",
    async () => {
      const chart = countsChart(
        minutes,
        byMinute(
          bucket(minutes[5]!, { successful: 4, failed: 1, scheduled: 5 }),
          bucket(minutes[30]!, { successful: 2 }),
        ),
        "UTC",
      );
      const svg = String(await CountsSvg({ chart, label: "Jobs of reports/eu/nightly per minute" })!.toString());
      expect(svg).toContain('role="img"');
      expect(svg).toContain('aria-label="Jobs of reports/eu/nightly per minute"');
      expect(svg).toContain(`viewBox="0 0 ${FRAME.width} ${FRAME.height}"`);
      expect(svg.match(/<rect class="bar successful"/g)).toHaveLength(2);
      expect(svg.match(/<rect class="bar failed"/g)).toHaveLength(1);
      expect(svg.match(/<polyline class="scheduled"/g)).toHaveLength(1);
      expect(svg).toMatch(/<ul class="legend">.*successful.*failed.*scheduled/s);
      expect(svg).not.toMatch(/<script|style=/);
      const durations = String(
        await DurationsSvg({ chart: durationsChart(minutes, new Map(), "UTC"), label: "none" })!.toString(),
      );
      expect(durations).not.toContain('class="bar range"');
    },
  );
});
