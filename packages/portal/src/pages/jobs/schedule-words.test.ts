import { describe, expect, it } from "vitest";
import { cronInWords, scheduleInWords } from "./schedule-words.ts";

describe("a schedule in words", () => {
  it.each([
    ["0 3 1 * *", "At 03:00, on day 1 of the month"],
    ["0 3 * * *", "At 03:00"],
    ["30 14 * * *", "At 14:30"],
    ["*/15 * * * *", "Every 15 minutes"],
    ["0-30/10 * * * *", "Every 10 minutes, minutes 0 through 30 past the hour"],
    ["0 12 * * MON", "At 12:00, only on Monday"],
    ["0 12 * * mon", "At 12:00, only on Monday"],
    ["0 9-17 * * 1-5", "Every hour, between 09:00 and 17:00, Monday through Friday"],
    ["0 0 * * 7", "At 00:00, only on Sunday"],
    ["0 8 * JAN-MAR SUN", "At 08:00, only on Sunday, January through March"],
    ["0 3 ? * *", "At 03:00"],
    ["0 0 L * *", "At 00:00, on the last day of the month"],
    ["0 0 15W * *", "At 00:00, on the weekday nearest day 15 of the month"],
    ["0 0 LW * *", "At 00:00, on the last weekday of the month"],
    ["0 0 * * 5L", "At 00:00, on the last Friday of the month"],
    ["0 0 * * 1#2", "At 00:00, on the second Monday of the month"],
    // Day-of-month AND day-of-week (cronstrue would say "and on Monday", Vixie cron's OR).
    ["0 3 1 * 1", "At 03:00, on day 1 of the month, if that day is Monday"],
    ["0 3 1 * MON-FRI", "At 03:00, on day 1 of the month, if that day is Monday through Friday"],
    ["0 0 8-14 * 1#2", "At 00:00, between day 8 and 14 of the month, if that day is the second Monday of the month"],
  ])("words %s as %j", (cron, words) => {
    expect(cronInWords(cron)).toBe(words);
  });

  it("ends with the zone, UTC when none is given", () => {
    expect(scheduleInWords({ cron: "0 3 1 * *", timeZone: "Europe/Berlin" })).toBe(
      "At 03:00, on day 1 of the month, Europe/Berlin",
    );
    expect(scheduleInWords({ cron: "0 12 * * MON", timeZone: "W. Europe Standard Time" })).toBe(
      "At 12:00, only on Monday, W. Europe Standard Time",
    );
    expect(scheduleInWords({ cron: "0 3 * * *" })).toBe("At 03:00, UTC");
  });

  it("shows the expression itself when it cannot be put in words", () => {
    expect(cronInWords("0 3 * *")).toBeUndefined();
    expect(cronInWords("0 0 0 3 * * *")).toBeUndefined();
    expect(scheduleInWords({ cron: "H 3 * * *", timeZone: "UTC" })).toBe("cron H 3 * * *, UTC");
  });
});
