import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { findIana } from "windows-iana";

/** The cookie portal.js sets to the browser's IANA zone (path /portal). */
const ZONE_COOKIE = "portal_tz";

/** Every zone a viewer may pick: the runtime's IANA zones, and UTC. */
export const ZONES: readonly string[] = [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])];
const KNOWN = new Set(ZONES);

/** A zone the portal shows times in, or undefined when it is not one of ZONES. */
export const knownZone = (zone: string | undefined): string | undefined => (zone && KNOWN.has(zone) ? zone : undefined);

/** Where the viewer's zone came from, said on the page. */
type ZoneSource = "chosen" | "browser" | "default";
export type ViewerZone = { readonly zone: string; readonly source: ZoneSource };

/**
 * The zone the viewer reads times in: `?zone=` when it is a known zone, else the browser's
 * (the `portal_tz` cookie), else UTC. Anything unknown is ignored rather than trusted.
 */
export const viewerZoneOf = (query: string | undefined, cookie: string | undefined): ViewerZone => {
  const chosen = knownZone(query?.trim());
  if (chosen) return { zone: chosen, source: "chosen" };
  const browser = knownZone(cookie);
  if (browser) return { zone: browser, source: "browser" };
  return { zone: "UTC", source: "default" };
};

export const viewerZone = (c: Context): ViewerZone => viewerZoneOf(c.req.query("zone"), getCookie(c, ZONE_COOKIE));

/**
 * The IANA zone of a schedule's `timeZone` as the API answers it: absent is UTC, an IANA id
 * as is, a Windows id (`W. Europe Standard Time`) its primary IANA zone, as the scheduler maps it.
 */
export const scheduleZone = (timeZone: string | null | undefined): string | undefined => {
  if (!timeZone) return "UTC";
  return intlZone(timeZone) ?? intlZone(findIana(timeZone)[0]);
};

const intlZone = (zone: string | undefined): string | undefined => {
  if (!zone || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string) => {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "shortOffset",
    });
    formatters.set(zone, f);
  }
  return f;
};

/** An instant's wall-clock parts in a zone: `{date: "2026-03-01", time: "03:00", weekday: "Sun", offset: "UTC+1"}`. */
export const partsInZone = (iso: string, zone: string) => {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: parts.weekday ?? "",
    offset: (parts.timeZoneName ?? "").replace(/^GMT/, "UTC").replace(/^UTC[+-]0$/, "UTC"),
  };
};

/** An instant as the jobs pages show it in a zone: `Sun 2026-03-01 03:00 UTC+1`. */
export const inZone = (iso: string | null | undefined, zone: string): string => {
  if (!iso) return "—";
  const p = partsInZone(iso, zone);
  return `${p.weekday} ${p.date} ${p.time} ${p.offset}`;
};
