import { Cron } from "croner";
import type { ValidationIssue } from "@platform/kernel";
import { resolveTimeZone } from "./time-zone.ts";

/** A schedule as a definition declares it (the spec's `{cron, timeZone}`). */
export type Schedule = { readonly cron: string; readonly timeZone?: string | null };

/**
 * A schedule ready to evaluate: its next `n` occurrences strictly after `after`, and its latest at or before `through`.
 */
export type CompiledSchedule = { next(after: Date, n: number): Date[]; latest(through: Date): Date | undefined };

const FIELDS = ["minute", "hour", "day-of-month", "month", "day-of-week"] as const;
/** `H` standing alone in a field (`H`, `H/15`, `H(0-29)`), not inside a name such as THU. */
const JITTER = /(^|[^A-Za-z])H([^A-Za-z]|$)/i;

/**
 * croner, configured as the spec's cron: exactly 5 fields, day-of-month AND day-of-week
 * (`domAndDow`), and ISC cron's daylight-saving rule (`fixedTimeRule: "no-wildcard"`): a
 * schedule whose minute and hour fields hold no `*`, `?` or step is fixed-time, runs once at
 * the first valid minute after a skipped hour and once (the first) in a repeated hour; any
 * other schedule runs at the wall-clock times that exist, both passes of a repeated hour too.
 */
const cronOf = (pattern: string, zone: string) =>
  // UTC as an offset: croner's arithmetic path, ten times faster than its Intl one, and exact where there is no DST.
  new Cron(pattern, {
    ...(zone === "UTC" ? { utcOffset: 0 } : { timezone: zone }),
    mode: "5-part",
    domAndDow: true,
    fixedTimeRule: "no-wildcard",
    paused: true,
  });

/**
 * A schedule's occurrences are a pure function of time, and croner takes tens of microseconds
 * for each in a zone: each compiled schedule keeps the run of occurrences it computed last
 * (every one after `from`, in order) and answers from it while `after` falls inside it.
 */
const memoised = (cron: Cron) => {
  const CHUNK = 32;
  const KEEP = 1_000;
  let from = Number.NaN;
  let times: number[] = [];
  let exhausted = false;
  return (after: Date, n: number): Date[] => {
    const a = after.getTime();
    // Outside what the memo knows (before it, or past its last time while more may follow): start again at `after`.
    if (!(a >= from) || (!exhausted && (times.length === 0 || a > times.at(-1)!))) {
      from = a;
      times = [];
      exhausted = false;
    }
    let i = upperBound(times, a);
    if (i > KEEP) {
      times = times.slice(i);
      from = a;
      i = 0;
    }
    while (times.length - i < n && !exhausted) {
      const more = cron.nextRuns(CHUNK, new Date(times.length ? times.at(-1)! : from));
      times.push(...more.map((d) => d.getTime()));
      if (more.length < CHUNK) exhausted = true;
    }
    return times.slice(i, i + n).map((t) => new Date(t));
  };
};

/** The index of the first element greater than `x` in sorted `xs`. */
const upperBound = (xs: readonly number[], x: number) => {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

const cache = new Map<string, CompiledSchedule>();

/** Checks a schedule; `path` prefixes the issues (`schedules[0]`). */
export const checkSchedule = (
  schedule: Schedule,
  path: string,
  now: Date,
): { compiled?: CompiledSchedule; issues: ValidationIssue[] } => {
  const key = `${schedule.timeZone ?? ""}\u0000${schedule.cron}`;
  const hit = cache.get(key);
  if (hit) return { compiled: hit, issues: [] };
  const issues: ValidationIssue[] = [];
  const fields = schedule.cron.trim().split(/\s+/).filter(Boolean);
  if (fields.length !== 5)
    issues.push({
      path: `${path}.cron`,
      message:
        `must have 5 fields (minute hour day-of-month month day-of-week), not ${fields.length}: ` +
        "seconds and years are not supported",
    });
  else
    fields.forEach((field, i) => {
      if (JITTER.test(field))
        issues.push({ path: `${path}.cron`, message: `H (jitter) is not supported: ${FIELDS[i]} field '${field}'` });
    });
  const zone = schedule.timeZone == null ? "UTC" : resolveTimeZone(schedule.timeZone);
  if (!zone)
    issues.push({ path: `${path}.timeZone`, message: `'${schedule.timeZone}' is not an IANA or Windows time zone` });
  if (issues.length || !zone) return { issues };
  let cron: Cron;
  try {
    cron = cronOf(fields.join(" "), zone);
  } catch (e) {
    return { issues: [{ path: `${path}.cron`, message: String((e as Error).message).replace(/^CronPattern: /, "") }] };
  }
  if (!cron.nextRun(now)) return { issues: [{ path: `${path}.cron`, message: "never occurs" }] };
  // croner's previousRuns is strictly before its reference, like nextRuns strictly after (DST rules alike).
  const compiled: CompiledSchedule = {
    next: memoised(cron),
    latest: (through) => cron.previousRuns(1, new Date(through.getTime() + 1))[0],
  };
  if (cache.size >= 2_000) cache.clear();
  cache.set(key, compiled);
  return { compiled, issues: [] };
};

/** The next `n` occurrences strictly after `after` over several schedules: one per distinct instant, in order. */
export const nextOccurrences = (schedules: readonly CompiledSchedule[], after: Date, n: number): Date[] => {
  if (n <= 0 || schedules.length === 0) return [];
  const all =
    schedules.length === 1
      ? schedules[0]!.next(after, n)
      : schedules.flatMap((s) => s.next(after, n)).sort((a, b) => a.getTime() - b.getTime());
  const out: Date[] = [];
  for (const d of all) {
    if (out.length && out.at(-1)!.getTime() === d.getTime()) continue;
    out.push(d);
    if (out.length === n) break;
  }
  return out;
};

/** The most recent occurrence at or before `through` over several schedules (the scheduler's "due now"), if any. */
export const latestOccurrence = (schedules: readonly CompiledSchedule[], through: Date): Date | undefined => {
  let latest: Date | undefined;
  for (const s of schedules) {
    const d = s.latest(through);
    if (d && (!latest || d > latest)) latest = d;
  }
  return latest;
};
