import type { StatisticsBucket } from "./job-types.ts";
import { partsInZone } from "./viewer-zone.ts";

/**
 * The drawing's frame (SVG user units): the plot sits inside the margins, the y labels on the right (beside the latest
 * minutes, where a narrow screen starts).
 */
export const FRAME = { width: 600, height: 220, left: 10, right: 48, top: 12, bottom: 30 } as const;
const PLOT_W = FRAME.width - FRAME.left - FRAME.right;
const PLOT_H = FRAME.height - FRAME.top - FRAME.bottom;
const BASE = FRAME.top + PLOT_H;

type Rect = {
  readonly minute: string;
  readonly series: string;
  readonly value: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};
type Tick = { readonly at: number; readonly label: string };
export type Axes = { readonly xTicks: readonly Tick[]; readonly yTicks: readonly Tick[]; readonly yMax: number };

/** The smallest of 1, 2, 5 × 10^k that is at least `n` (1 at least): a round top for an axis. */
export const niceCeil = (n: number): number => {
  if (n <= 1) return 1;
  const p = 10 ** Math.floor(Math.log10(n));
  return [1, 2, 5, 10].map((m) => m * p).find((v) => v >= n)!;
};

const round = (n: number) => Math.round(n * 100) / 100;

/** The minutes of a window, each an ISO instant (UTC), `count` of them ending with `last`. */
export const minutesOf = (last: Date, count: number): string[] => {
  const end = Math.floor(last.getTime() / 60_000) * 60_000;
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 60_000).toISOString());
};

const slotOf = (count: number) => PLOT_W / count;
const xOf = (i: number, count: number) => FRAME.left + i * slotOf(count);
const yOf = (value: number, yMax: number) => BASE - (value / yMax) * PLOT_H;

const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440];

/**
 * Time labels along the x axis, in the viewer's zone: at the wall-clock minutes that are a
 * multiple of a step chosen so that about six fit (every 10 minutes over an hour, every 4 hours
 * over a day).
 */
export const timeTicks = (minutes: readonly string[], zone: string): Tick[] => {
  const step = STEPS.find((s) => minutes.length / s <= 6) ?? 1440;
  const ticks: Tick[] = [];
  minutes.forEach((m, i) => {
    const { time } = partsInZone(m, zone);
    const [h, min] = time.split(":").map(Number) as [number, number];
    if ((h * 60 + min) % step === 0)
      ticks.push({ at: round(xOf(i, minutes.length) + slotOf(minutes.length) / 2), label: time });
  });
  return ticks;
};

const yTicks = (yMax: number, unit = ""): Tick[] =>
  [0, yMax / 2, yMax]
    .filter((v) => Number.isInteger(v))
    .map((v) => ({ at: round(yOf(v, yMax)), label: `${v}${unit}` }));

type Point = { readonly minute: string; readonly x: number; readonly y: number; readonly value: number };
export type CountsChart = Axes & {
  readonly bars: readonly Rect[];
  readonly scheduled: string | undefined;
  readonly scheduledPoints: readonly Point[];
};

/**
 * Jobs per minute: a bar per minute of the successful ones with the failed stacked on top,
 * and the scheduled ones as a line (`points` of an SVG polyline, undefined when none were)
 * with a point at each minute that had any.
 * Only non-zero bars are drawn; heights are value / yMax of the plot's height.
 */
export const countsChart = (
  minutes: readonly string[],
  buckets: ReadonlyMap<string, StatisticsBucket>,
  zone: string,
): CountsChart => {
  const n = minutes.length;
  const top = Math.max(
    0,
    ...minutes.map((m) =>
      Math.max((buckets.get(m)?.successful ?? 0) + (buckets.get(m)?.failed ?? 0), buckets.get(m)?.scheduled ?? 0),
    ),
  );
  const yMax = niceCeil(top);
  const slot = slotOf(n);
  const bars: Rect[] = [];
  minutes.forEach((m, i) => {
    const b = buckets.get(m);
    if (!b) return;
    let base = BASE;
    for (const [series, value] of [
      ["successful", b.successful],
      ["failed", b.failed],
    ] as const) {
      if (value <= 0) continue;
      const height = (value / yMax) * PLOT_H;
      base -= height;
      bars.push({
        minute: m,
        series,
        value,
        x: round(xOf(i, n) + slot * 0.1),
        y: round(base),
        width: round(Math.max(slot * 0.8, 0.5)),
        height: round(height),
      });
    }
  });
  const scheduled = minutes.some((m) => (buckets.get(m)?.scheduled ?? 0) > 0)
    ? minutes
        .map((m, i) => `${round(xOf(i, n) + slot / 2)},${round(yOf(buckets.get(m)?.scheduled ?? 0, yMax))}`)
        .join(" ")
    : undefined;
  const scheduledPoints = minutes.flatMap((m, i) => {
    const value = buckets.get(m)?.scheduled ?? 0;
    return value > 0 ? [{ minute: m, value, x: round(xOf(i, n) + slot / 2), y: round(yOf(value, yMax)) }] : [];
  });
  return { bars, scheduled, scheduledPoints, yMax, xTicks: timeTicks(minutes, zone), yTicks: yTicks(yMax) };
};

type Mark = { readonly minute: string; readonly x: number; readonly y: number; readonly width: number };
export type DurationsChart = Axes & { readonly ranges: readonly Rect[]; readonly averages: readonly Mark[] };

/** Execution times per minute (ms): a bar from the shortest to the longest run, a mark at the mean. */
export const durationsChart = (
  minutes: readonly string[],
  buckets: ReadonlyMap<string, StatisticsBucket>,
  zone: string,
): DurationsChart => {
  const n = minutes.length;
  const yMax = niceCeil(Math.max(0, ...minutes.map((m) => buckets.get(m)?.maxExecution ?? 0)));
  const slot = slotOf(n);
  const ranges: Rect[] = [];
  const averages: Mark[] = [];
  minutes.forEach((m, i) => {
    const b = buckets.get(m);
    if (!b || b.minExecution === null || b.maxExecution === null) return;
    const y = yOf(b.maxExecution, yMax);
    const height = Math.max(((b.maxExecution - b.minExecution) / yMax) * PLOT_H, 1);
    const x = round(xOf(i, n) + slot * 0.2);
    const width = round(Math.max(slot * 0.6, 0.5));
    ranges.push({
      minute: m,
      series: "range",
      value: b.maxExecution - b.minExecution,
      x,
      y: round(Math.min(y, BASE - 1)),
      width,
      height: round(height),
    });
    if (b.avgExecution !== null)
      averages.push({ minute: m, x: round(xOf(i, n)), y: round(yOf(b.avgExecution, yMax)), width: round(slot) });
  });
  return { ranges, averages, yMax, xTicks: timeTicks(minutes, zone), yTicks: yTicks(yMax, " ms") };
};

/** The plot's corners, for axes. */
export const PLOT = { left: FRAME.left, right: FRAME.left + PLOT_W, top: FRAME.top, bottom: BASE } as const;
