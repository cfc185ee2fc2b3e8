import { findIana } from "windows-iana";

const known = new Map<string, string | null>();

/**
 * An IANA zone as is (`Europe/Berlin`), a Windows id mapped to its primary IANA zone (`W. Europe Standard Time`);
 * undefined when neither.
 */
export const resolveTimeZone = (timeZone: string): string | undefined => {
  let found = known.get(timeZone);
  if (found === undefined) {
    found = ianaZone(timeZone) ?? ianaZone(findIana(timeZone)[0]) ?? null;
    if (known.size < 10_000) known.set(timeZone, found);
  }
  return found ?? undefined;
};

const ianaZone = (zone: string | undefined): string | undefined => {
  if (!zone || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};
