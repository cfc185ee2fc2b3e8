#!/usr/bin/env python3
"""Brute-force cron oracle: an independent reference for the cron test table.

Usage (from the repository root):

    python3 packages/jobs/src/schedule/testdata/cron_oracle.py > packages/jobs/src/schedule/testdata/cron-table.json

It deliberately shares no code with any JS cron library. It steps through real
UTC instants one minute at a time, converts each to local wall-clock time with
zoneinfo, and checks the fields literally. Stdlib only (Python 3.11+).

Rules implemented (the spec):
- 5 fields: minute hour day-of-month month day-of-week.
- `*`, `?` (day fields only), number, name (JAN-DEC, SUN-SAT, case-insensitive),
  range `a-b`, list `a,b`, step `*/n` and `a-b/n`. Day-of-week 7 is Sunday.
- Day-of-month: `L` (last day), `nW` (nearest weekday to n, same month),
  `LW` (last weekday). Day-of-week: `nL` (last n of month), `n#k` (k-th n).
- Day-of-month AND day-of-week (an unrestricted field matches every day).
- DST (ISC/Vixie rule): "fixed-time" = no `*`, `?`, `/` in minute and hour.
  * Gap (spring forward): a fixed-time schedule whose wall time falls in the
    gap runs once at the first real instant after the gap; wildcard schedules
    just have no runs in the gap.
  * Repeated hour (fall back): a fixed-time schedule runs only on the first
    pass; a wildcard schedule runs on every instant whose wall time matches.
- Occurrences are strictly after `after`, at whole minutes, printed in UTC.
"""

import calendar
import json
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ONE_MINUTE = timedelta(minutes=1)

WINDOWS_TO_IANA = {
    "W. Europe Standard Time": "Europe/Berlin",
    "Eastern Standard Time": "America/New_York",
    "Tokyo Standard Time": "Asia/Tokyo",
}

MONTH_NAMES = {name: i for i, name in enumerate(
    ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"], start=1)}
DAY_NAMES = {name: i for i, name in enumerate(["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"])}


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------

def parse_value(text, low, high, names):
    """A single number or name, range-checked."""
    upper = text.upper()
    if upper in names:
        return names[upper]
    if not text.isdigit():
        raise ValueError(f"bad value {text!r}")
    value = int(text)
    if not low <= value <= high:
        raise ValueError(f"value {value} out of range {low}-{high}")
    return value


def parse_plain_field(text, low, high, names=None, allow_question=False):
    """`*`, `?`, numbers, names, ranges, lists and steps -> set of allowed values."""
    names = names or {}
    values = set()
    for part in text.split(","):
        if part == "?" and allow_question:
            part = "*"
        step = 1
        if "/" in part:
            part, step_text = part.split("/")
            if not step_text.isdigit() or int(step_text) < 1:
                raise ValueError(f"bad step {step_text!r}")
            step = int(step_text)
            if part != "*" and "-" not in part:
                raise ValueError("a step needs `*` or a range before it")
        if part == "*":
            start, end = low, high
        elif "-" in part:
            a, b = part.split("-")
            start, end = parse_value(a, low, high, names), parse_value(b, low, high, names)
            if start > end:
                raise ValueError(f"reversed range {part!r}")
        else:
            start = end = parse_value(part, low, high, names)
        values.update(range(start, end + 1, step))
    return values


def cron_dow(d):
    """Day of week, cron numbering: 0 = Sunday ... 6 = Saturday."""
    return (d.weekday() + 1) % 7


def days_in_month(d):
    return calendar.monthrange(d.year, d.month)[1]


def nearest_weekday(year, month, n):
    """The Mon-Fri day nearest to day n, staying inside the month (the `nW` rule)."""
    last = calendar.monthrange(year, month)[1]
    weekday = date(year, month, n).weekday()  # Mon=0 .. Sun=6
    if weekday == 5:  # Saturday -> Friday before, or Monday after if that leaves the month
        return n - 1 if n - 1 >= 1 else n + 2
    if weekday == 6:  # Sunday -> Monday after, or Friday before if that leaves the month
        return n + 1 if n + 1 <= last else n - 2
    return n


def last_weekday(year, month):
    """The last Mon-Fri day of the month (the `LW` rule)."""
    day = calendar.monthrange(year, month)[1]
    while date(year, month, day).weekday() >= 5:
        day -= 1
    return day


def parse_dom_field(text):
    """Day-of-month field -> predicate(date)."""
    if text in ("*", "?"):
        return lambda d: True
    checks = []
    for part in text.split(","):
        if part.upper() == "L":
            checks.append(lambda d: d.day == days_in_month(d))
        elif part.upper() == "LW":
            checks.append(lambda d: d.day == last_weekday(d.year, d.month))
        elif part.upper().endswith("W"):
            n = parse_value(part[:-1], 1, 31, {})
            # If day n does not exist in this month, nothing matches (like a plain `31`).
            checks.append(lambda d, n=n: n <= days_in_month(d) and d.day == nearest_weekday(d.year, d.month, n))
        else:
            days = parse_plain_field(part, 1, 31)
            checks.append(lambda d, days=days: d.day in days)
    return lambda d: any(check(d) for check in checks)


def parse_dow_field(text):
    """Day-of-week field -> predicate(date)."""
    if text in ("*", "?"):
        return lambda d: True
    checks = []
    for part in text.split(","):
        if "#" in part:
            dow_text, k_text = part.split("#")
            dow = parse_value(dow_text, 0, 7, DAY_NAMES) % 7
            k = parse_value(k_text, 1, 5, {})
            checks.append(lambda d, dow=dow, k=k: cron_dow(d) == dow and (d.day - 1) // 7 + 1 == k)
        elif len(part) > 1 and part.upper().endswith("L"):
            dow = parse_value(part[:-1], 0, 7, DAY_NAMES) % 7
            checks.append(lambda d, dow=dow: cron_dow(d) == dow and d.day + 7 > days_in_month(d))
        else:
            dows = {v % 7 for v in parse_plain_field(part, 0, 7, DAY_NAMES)}
            checks.append(lambda d, dows=dows: cron_dow(d) in dows)
    return lambda d: any(check(d) for check in checks)


class Cron:
    def __init__(self, expression):
        fields = expression.split()
        if len(fields) != 5:
            raise ValueError(f"expected 5 fields: {expression!r}")
        minute, hour, dom, month, dow = fields
        self.minutes = parse_plain_field(minute, 0, 59)
        self.hours = parse_plain_field(hour, 0, 23)
        self.dom_ok = parse_dom_field(dom)
        self.months = parse_plain_field(month, 1, 12, MONTH_NAMES)
        self.dow_ok = parse_dow_field(dow)
        self.fixed_time = not any(c in minute + hour for c in "*?/")

    def matches_wall_time(self, wall):
        """Does a naive local wall-clock datetime match all five fields?"""
        return (
            wall.minute in self.minutes
            and wall.hour in self.hours
            and wall.month in self.months
            and self.dom_ok(wall.date())
            and self.dow_ok(wall.date())
        )


# ---------------------------------------------------------------------------
# Evaluation: walk real UTC minutes
# ---------------------------------------------------------------------------

def wall_clock(instant, zone):
    """Naive local wall time of a UTC instant, plus whether it is the 2nd pass of a repeated time."""
    local = instant.astimezone(zone)
    return local.replace(tzinfo=None, fold=0), local.fold == 1


def occurs_at(cron, instant, zone):
    wall, second_pass = wall_clock(instant, zone)
    if cron.matches_wall_time(wall):
        if not (cron.fixed_time and second_pass):
            return True
    if cron.fixed_time:
        # Did the clock jump forward just before this instant? Then any wall
        # time in the skipped range that matches runs now, once.
        previous_wall, _ = wall_clock(instant - ONE_MINUTE, zone)
        skipped = previous_wall + ONE_MINUTE
        while skipped < wall:
            if cron.matches_wall_time(skipped):
                return True
            skipped += ONE_MINUTE
    return False


def next_occurrences(expression, after, time_zone=None, count=5):
    zone = ZoneInfo(WINDOWS_TO_IANA.get(time_zone, time_zone) if time_zone else "UTC")
    cron = Cron(expression)
    instant = after.replace(second=0, microsecond=0) + ONE_MINUTE  # strictly after, whole minutes
    found = []
    while len(found) < count:
        if occurs_at(cron, instant, zone):
            found.append(instant)
        instant += ONE_MINUTE
    return found


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------

# (name, cron, timeZone or None, after)
CASES = [
    # Plain fields
    ("every minute", "* * * * *", None, "2026-03-28T23:58:00.000Z"),
    ("every 15 minutes", "*/15 * * * *", None, "2026-03-28T23:50:00.000Z"),
    ("hourly at :05", "5 * * * *", None, "2026-03-28T22:05:00.000Z"),
    ("daily 03:00", "0 3 * * *", None, "2026-12-30T12:00:00.000Z"),
    ("weekdays 09:30 by name", "30 9 * * MON-FRI", None, "2026-03-26T10:00:00.000Z"),
    ("minute range with step", "0-30/10 8-10 * * *", None, "2026-03-28T08:15:00.000Z"),
    ("hour step every 6 hours", "0 0-23/6 * * *", None, "2026-03-28T05:00:00.000Z"),
    ("hour range step on weekdays", "0 9-17/4 * * 1-5", None, "2026-03-26T12:00:00.000Z"),
    ("lists in minute and hour", "15,45 6,18 * * *", None, "2026-03-28T10:00:00.000Z"),
    ("month names", "0 0 1 JAN,JUL *", None, "2026-03-28T00:00:00.000Z"),
    ("lower-case month range", "0 0 1 jun-aug *", None, "2026-03-28T00:00:00.000Z"),
    ("Sunday by name", "0 12 * * SUN", None, "2026-03-28T00:00:00.000Z"),
    ("Saturday lower-case name", "0 12 * * sat", None, "2026-03-28T00:00:00.000Z"),
    ("day-of-week 7 is Sunday", "0 12 * * 7", None, "2026-03-28T00:00:00.000Z"),
    ("day-of-week range 5-7", "0 12 * * 5-7", None, "2026-03-25T00:00:00.000Z"),
    ("question mark in day-of-month", "0 8 ? * 2", None, "2026-03-28T00:00:00.000Z"),
    ("question mark in day-of-week", "0 8 10 * ?", None, "2026-03-28T00:00:00.000Z"),
    ("leap day", "0 0 29 2 *", None, "2026-01-01T00:00:00.000Z"),
    ("31st only in 31-day months", "0 0 31 * *", None, "2026-03-28T00:00:00.000Z"),
    # Day-of-month AND day-of-week
    ("1st of month only when Monday", "0 3 1 * 1", None, "2026-01-01T00:00:00.000Z"),
    ("Friday the 13th", "0 0 13 * 5", None, "2026-01-01T00:00:00.000Z"),
    ("first Monday via AND", "0 0 1-7 * 1", None, "2026-03-28T00:00:00.000Z"),
    # L, W, #
    ("last day of month", "0 0 L * *", None, "2026-01-15T00:00:00.000Z"),
    ("last day of February", "0 0 L 2 *", None, "2026-01-01T00:00:00.000Z"),
    ("weekday nearest the 15th", "0 0 15W * *", None, "2026-01-20T00:00:00.000Z"),
    ("weekday nearest the 1st (Sat 1st -> Mon 3rd)", "0 0 1W * *", None, "2026-07-15T00:00:00.000Z"),
    ("weekday nearest the 31st (Sun 31st -> Fri 29th)", "0 0 31W * *", None, "2026-05-01T00:00:00.000Z"),
    ("last weekday of month", "0 0 LW * *", None, "2026-01-15T00:00:00.000Z"),
    ("last Friday of month", "0 0 * * 5L", None, "2026-03-01T00:00:00.000Z"),
    ("second Monday of month", "0 0 * * 1#2", None, "2026-03-01T00:00:00.000Z"),
    ("fifth Sunday (months with five Sundays only)", "0 0 * * 0#5", None, "2026-01-01T00:00:00.000Z"),
    ("third Friday 18:00", "0 18 * * 5#3", None, "2026-03-01T00:00:00.000Z"),
    # Time zones
    ("Monday 09:00 New York across spring change", "0 9 * * 1", "America/New_York", "2026-02-28T00:00:00.000Z"),
    ("midnight Kolkata (+05:30)", "0 0 * * *", "Asia/Kolkata", "2026-03-28T00:00:00.000Z"),
    ("midnight Kathmandu (+05:45)", "0 0 * * *", "Asia/Kathmandu", "2026-03-28T00:00:00.000Z"),
    ("Lord Howe 30-minute fall back (wildcard)", "*/30 1 * * *", "Australia/Lord_Howe", "2026-04-04T13:00:00.000Z"),
    ("Lord Howe fixed 01:45 across 30-minute fall back", "45 1 * * *", "Australia/Lord_Howe", "2026-04-03T12:00:00.000Z"),
    ("Windows id W. Europe Standard Time", "0 9 * * *", "W. Europe Standard Time", "2026-03-26T00:00:00.000Z"),
    ("Windows id Eastern Standard Time", "0 9 * * 1-5", "Eastern Standard Time", "2026-03-05T00:00:00.000Z"),
    ("Windows id Tokyo Standard Time", "30 8 * * *", "Tokyo Standard Time", "2026-03-28T00:00:00.000Z"),
    # DST: Europe/Berlin (2026-03-29 02:00->03:00, 2026-10-25 03:00->02:00)
    ("Berlin 02:30 spring gap runs at 03:00", "30 2 * * *", "Europe/Berlin", "2026-03-27T00:00:00.000Z"),
    ("Berlin 02:30 fall back runs once (CEST)", "30 2 * * *", "Europe/Berlin", "2026-10-23T00:00:00.000Z"),
    ("Berlin 02:00 spring gap runs at 03:00", "0 2 * * *", "Europe/Berlin", "2026-03-27T00:00:00.000Z"),
    ("Berlin 02:00 fall back runs once (CEST)", "0 2 * * *", "Europe/Berlin", "2026-10-23T00:00:00.000Z"),
    ("Berlin 02:30,03:30 spring gap", "30 2,3 * * *", "Europe/Berlin", "2026-03-27T00:00:00.000Z"),
    ("Berlin 02:00,02:30 collapse to one 03:00 run", "0,30 2 * * *", "Europe/Berlin", "2026-03-27T00:00:00.000Z"),
    ("Berlin 02:00 gap run and listed 03:00 are one occurrence", "0 2,3 * * *", "Europe/Berlin", "2026-03-28T00:00:00.000Z"),
    ("Berlin fixed range 0-59 2 collapses to one 03:00 run", "0-59 2 * * *", "Europe/Berlin", "2026-03-28T23:55:00.000Z"),
    ("Berlin every 30 min across repeated hour", "*/30 * * * *", "Europe/Berlin", "2026-10-24T23:45:00.000Z"),
    ("Berlin every 30 min across gap", "*/30 * * * *", "Europe/Berlin", "2026-03-28T23:45:00.000Z"),
    ("Berlin wildcard */30 2 skips gap day", "*/30 2 * * *", "Europe/Berlin", "2026-03-27T00:00:00.000Z"),
    ("Berlin wildcard */30 2 runs both passes", "*/30 2 * * *", "Europe/Berlin", "2026-10-24T00:00:00.000Z"),
    ("Berlin wildcard hour * at :30 across repeated hour", "30 * * * *", "Europe/Berlin", "2026-10-24T23:00:00.000Z"),
    # DST: America/New_York (2026-03-08 02:00->03:00, 2026-11-01 02:00->01:00)
    ("New York 01:30 fall back runs once (EDT)", "30 1 * * *", "America/New_York", "2026-10-30T00:00:00.000Z"),
    ("New York 02:30 spring gap runs at 03:00 EDT", "30 2 * * *", "America/New_York", "2026-03-06T00:00:00.000Z"),
    ("New York :15 hourly across fall back (both passes)", "15 * * * *", "America/New_York", "2026-11-01T03:30:00.000Z"),
    ("New York 01:00-01:59 every 20 min across fall back", "*/20 1 * * *", "America/New_York", "2026-11-01T04:30:00.000Z"),
    ("Windows id Eastern Standard Time 02:30 spring gap", "30 2 * * *", "Eastern Standard Time", "2026-03-06T00:00:00.000Z"),
    ("Windows id W. Europe Standard Time 02:30 fall back", "30 2 * * *", "W. Europe Standard Time", "2026-10-23T00:00:00.000Z"),
]


def iso(instant):
    return instant.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def parse_iso(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def main():
    # JSON, one case a line: a table to scan, not a program to read. cron.test.ts reads it.
    rows = []
    for name, expression, time_zone, after in CASES:
        nexts = [iso(t) for t in next_occurrences(expression, parse_iso(after), time_zone)]
        case = {"name": name, "cron": expression}
        if time_zone:
            case["timeZone"] = time_zone
        case["after"] = after
        case["next"] = nexts
        rows.append("  " + json.dumps(case, ensure_ascii=False))
    print("[\n" + ",\n".join(rows) + "\n]")


if __name__ == "__main__":
    main()
