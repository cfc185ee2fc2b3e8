import cronstrue from "cronstrue";
import type { Schedule } from "./job-types.ts";

const OPTIONS = { use24HourTimeFormat: true, throwExceptionOnParseError: true, verbose: false, locale: "en" } as const;

/** Whether a day field restricts the days (anything but `*` or `?`). */
const restricts = (field: string) => field !== "*" && field !== "?";

const describe = (expression: string): string | undefined => {
  try {
    return cronstrue.toString(expression, OPTIONS);
  } catch {
    return undefined;
  }
};

/**
 * A cron expression in words, 24-hour times: `0 3 1 * *` → "At 03:00, on day 1 of the month".
 * Our cron combines day-of-month and day-of-week with AND (`0 3 1 * 1` is the 1st when it is a
 * Monday), where cronstrue describes Vixie cron's OR, so that case is worded here: the
 * day-of-month sentence, then "if that day is …". Undefined when cronstrue cannot read it.
 */
export const cronInWords = (cron: string): string | undefined => {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  const [minute, hour, dom, month, dow] = fields as [string, string, string, string, string];
  if (!(restricts(dom) && restricts(dow))) return describe(fields.join(" "));
  const days = describe([minute, hour, dom, month, "*"].join(" "));
  const weekdays = describe(["0", "0", "*", "*", dow].join(" "));
  const which = weekdays?.replace(/^At 00:00, /, "").replace(/^only on /, "");
  if (!days || !which || which === weekdays) return undefined;
  return `${days}, if that day is ${which.startsWith("on the ") ? which.slice(3) : which}`;
};

/**
 * A schedule as the portal words it: "At 03:00, on day 1 of the month, Europe/Berlin"; the
 * expression itself (`cron 0 3 * * *, UTC`) when it cannot be put in words.
 */
export const scheduleInWords = (schedule: Schedule): string =>
  `${cronInWords(schedule.cron) ?? `cron ${schedule.cron}`}, ${schedule.timeZone || "UTC"}`;
