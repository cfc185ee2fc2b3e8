import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Cron } from "croner";
import { checkSchedule, latestOccurrence, nextOccurrences } from "./cron.ts";
import type { Schedule } from "./cron.ts";

/** One case of testdata/cron-table.json: the next 5 occurrences after `after`, as cron_oracle.py computed them. */
type CronCase = {
  readonly name: string;
  readonly cron: string;
  readonly timeZone?: string;
  readonly after: string;
  readonly next: readonly string[];
};
// Written by cron_oracle.py (an independent brute-force evaluator over zoneinfo), not by croner.
const cronTable: readonly CronCase[] = JSON.parse(
  readFileSync(new URL("./testdata/cron-table.json", import.meta.url), "utf8"),
);

const now = new Date("2026-01-01T00:00:00Z");
const next = (schedules: readonly Schedule[], after: string, n = 5) =>
  nextOccurrences(
    schedules.map((s, i) => {
      const r = checkSchedule(s, `schedules.${i}`, now);
      if (!r.compiled) throw new Error(JSON.stringify(r.issues));
      return r.compiled;
    }),
    new Date(after),
    n,
  ).map((d) => d.toISOString());

describe("the cron evaluator against an independent oracle (testdata/cron_oracle.py)", () => {
  it("has the table of at least 40 expressions", () => expect(cronTable.length).toBeGreaterThanOrEqual(40));
  for (const c of cronTable)
    it(`${c.name}: ${c.cron}${c.timeZone ? ` in ${c.timeZone}` : ""}`, () =>
      expect(next([{ cron: c.cron, ...(c.timeZone ? { timeZone: c.timeZone } : {}) }], c.after)).toEqual(c.next));
});

describe("several schedules", () => {
  it("collapse into one occurrence per distinct instant, in order", () =>
    expect(
      next(
        [{ cron: "0 3 * * *" }, { cron: "0 4 * * *", timeZone: "Europe/Berlin" }, { cron: "0 */12 * * *" }],
        "2026-01-10T00:00:00Z",
      ),
    ).toEqual([
      "2026-01-10T03:00:00.000Z",
      "2026-01-10T12:00:00.000Z",
      "2026-01-11T00:00:00.000Z",
      "2026-01-11T03:00:00.000Z",
      "2026-01-11T12:00:00.000Z",
    ]));
  it("are empty when there are none", () => expect(nextOccurrences([], now, 5)).toEqual([]));
});

describe("what a schedule may not be", () => {
  const issues = (cron: string, timeZone?: string) =>
    checkSchedule({ cron, ...(timeZone ? { timeZone } : {}) }, "schedules.0", now).issues;
  it.each([
    [
      "0 0 3 * * *",
      "schedules.0.cron",
      "must have 5 fields (minute hour day-of-month month day-of-week), not 6: seconds and years are not supported",
    ],
    [
      "0 3 * * * 2027 x",
      "schedules.0.cron",
      "must have 5 fields (minute hour day-of-month month day-of-week), not 7: seconds and years are not supported",
    ],
    [
      "@daily",
      "schedules.0.cron",
      "must have 5 fields (minute hour day-of-month month day-of-week), not 1: seconds and years are not supported",
    ],
    ["0 3 H * *", "schedules.0.cron", "H (jitter) is not supported: day-of-month field 'H'"],
    ["0 3 * * H/2", "schedules.0.cron", "H (jitter) is not supported: day-of-week field 'H/2'"],
    ["0 0 31 4 *", "schedules.0.cron", "never occurs"],
  ])("%s", (cron, path, message) => expect(issues(cron)).toEqual([{ path, message }]));
  it("rejects a zone that is neither IANA nor Windows", () =>
    expect(issues("0 3 * * *", "Europe/Atlantis")).toEqual([
      { path: "schedules.0.timeZone", message: "'Europe/Atlantis' is not an IANA or Windows time zone" },
    ]));
  it("accepts names, L, W and #", () => {
    for (const cron of [
      "0 3 * JAN-MAR MON-FRI",
      "0 3 L * *",
      "0 3 15W * *",
      "0 3 LW * *",
      "0 3 * * 5L",
      "0 3 * * 1#2",
      "0 3 1 * 1",
    ])
      expect(issues(cron)).toEqual([]);
  });
  it("names the bad field croner finds", () => expect(issues("61 3 * * *")[0]!.path).toBe("schedules.0.cron"));
});

describe("the memo of computed occurrences", () => {
  it("answers any sequence of queries (forward, back, far ahead, overlapping) as a fresh evaluation would", () => {
    const crons = [
      { cron: "*/7 * * * *" },
      { cron: "30 2 * * *", timeZone: "Europe/Berlin" },
      { cron: "0 0 L * *", timeZone: "America/New_York" },
      { cron: "0 3 1 * 1" },
      { cron: "0 0 29 2 1" },
    ];
    const base = Date.parse("2026-01-01T00:00:00Z");
    fc.assert(
      fc.property(
        fc.constantFrom(...crons),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 400 * 24 * 60 }), fc.integer({ min: 1, max: 40 })), {
          minLength: 1,
          maxLength: 12,
        }),
        (schedule, queries) => {
          const memo = checkSchedule(schedule, "s", now).compiled!;
          const oracle = new Cron(schedule.cron, {
            timezone: schedule.timeZone ?? "UTC",
            mode: "5-part",
            domAndDow: true,
            fixedTimeRule: "no-wildcard",
            paused: true,
          });
          for (const [minute, n] of queries) {
            const after = new Date(base + minute * 60_000);
            expect(memo.next(after, n).map((d) => d.getTime())).toEqual(
              oracle.nextRuns(n, after).map((d) => d.getTime()),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("the latest occurrence (what the scheduler finds due)", () => {
  const crons = [
    { cron: "*/7 * * * *" },
    { cron: "30 2 * * *", timeZone: "Europe/Berlin" },
    { cron: "30 * * * *", timeZone: "Europe/Berlin" },
    { cron: "0 0 L * *", timeZone: "America/New_York" },
    { cron: "0 3 1 * 1" },
  ];
  const base = Date.parse("2026-01-01T00:00:00Z");
  it("is the last of the forward occurrences at or before the time, across DST changes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...crons),
        fc.integer({ min: 60 * 24 * 200, max: 300 * 24 * 60 * 60 }),
        (schedule, seconds) => {
          const compiled = checkSchedule(schedule, "s", now).compiled!;
          const through = new Date(base + seconds * 1000);
          const latest = compiled.latest(through)!;
          expect(latest.getTime()).toBeLessThanOrEqual(through.getTime());
          // Nothing falls between it and `through`: the next one after it is later.
          const following = compiled.next(latest, 1)[0]!;
          expect(following.getTime()).toBeGreaterThan(through.getTime());
          // And it is itself an occurrence: the one after its predecessor.
          expect(compiled.next(new Date(latest.getTime() - 1), 1)[0]!.getTime()).toBe(latest.getTime());
        },
      ),
      { numRuns: 200 },
    );
  });
  it("counts an occurrence exactly at the time as due", () => {
    const compiled = checkSchedule({ cron: "*/5 * * * *" }, "s", now).compiled!;
    expect(compiled.latest(new Date("2026-03-02T09:00:00.000Z"))?.toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect(compiled.latest(new Date("2026-03-02T08:59:59.999Z"))?.toISOString()).toBe("2026-03-02T08:55:00.000Z");
  });
  it("takes the latest over several schedules", () => {
    const a = checkSchedule({ cron: "0 9 * * *", timeZone: "Europe/Stockholm" }, "s", now).compiled!;
    const b = checkSchedule({ cron: "0 9 * * *" }, "s", now).compiled!;
    expect(latestOccurrence([a, b], new Date("2026-03-02T09:30:00Z"))?.toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect(latestOccurrence([a, b], new Date("2026-03-02T08:30:00Z"))?.toISOString()).toBe("2026-03-02T08:00:00.000Z");
    expect(latestOccurrence([], new Date())).toBeUndefined();
  });
});
