import { describe, expect, it } from "vitest";
import { ZONES, inZone, knownZone, partsInZone, scheduleZone, viewerZoneOf } from "./viewer-zone.ts";

describe("the viewer's time zone", () => {
  it("is ?zone= when it is a known zone, else the browser's cookie, else UTC", () => {
    expect(viewerZoneOf("Asia/Tokyo", "America/New_York")).toEqual({ zone: "Asia/Tokyo", source: "chosen" });
    expect(viewerZoneOf(undefined, "America/New_York")).toEqual({ zone: "America/New_York", source: "browser" });
    expect(viewerZoneOf("", "America/New_York")).toEqual({ zone: "America/New_York", source: "browser" });
    expect(viewerZoneOf("Mars/Olympus_Mons", "America/New_York")).toEqual({
      zone: "America/New_York",
      source: "browser",
    });
    expect(viewerZoneOf(undefined, undefined)).toEqual({ zone: "UTC", source: "default" });
    expect(viewerZoneOf("UTC", undefined)).toEqual({ zone: "UTC", source: "chosen" });
  });

  it("ignores anything that is not one of the runtime's zones", () => {
    for (const odd of [
      "",
      "europe/berlin",
      "Europe/Berlin ",
      "../../etc/passwd",
      "<script>",
      "W. Europe Standard Time",
      "x".repeat(300),
    ])
      expect(knownZone(odd)).toBeUndefined();
    expect(knownZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(ZONES[0]).toBe("UTC");
    expect(ZONES).toContain("America/New_York");
    expect(new Set(ZONES).size).toBe(ZONES.length);
  });

  it(
    "maps a schedule's zone as the scheduler does: absent is UTC, a Windows id its IANA zone, " + "unknown undefined",
    () => {
      expect(scheduleZone(undefined)).toBe("UTC");
      expect(scheduleZone("Europe/Berlin")).toBe("Europe/Berlin");
      expect(scheduleZone("W. Europe Standard Time")).toBe("Europe/Berlin");
      expect(scheduleZone("Eastern Standard Time")).toBe("America/New_York");
      expect(scheduleZone("Nowhere/Else")).toBeUndefined();
    },
  );

  it("shows an instant's wall clock in a zone, with its offset, across daylight-saving time", () => {
    expect(inZone("2026-03-01T02:00:00.000Z", "Europe/Berlin")).toBe("Sun 2026-03-01 03:00 UTC+1");
    expect(inZone("2026-03-01T02:00:00.000Z", "America/New_York")).toBe("Sat 2026-02-28 21:00 UTC-5");
    expect(inZone("2026-07-01T01:00:00.000Z", "Europe/Berlin")).toBe("Wed 2026-07-01 03:00 UTC+2");
    expect(inZone("2026-07-01T01:00:00.000Z", "UTC")).toBe("Wed 2026-07-01 01:00 UTC");
    expect(inZone("2026-07-01T01:00:00.000Z", "Asia/Kolkata")).toBe("Wed 2026-07-01 06:30 UTC+5:30");
    expect(inZone(null, "UTC")).toBe("—");
    expect(partsInZone("2026-01-01T00:00:00.000Z", "America/New_York")).toEqual({
      date: "2025-12-31",
      time: "19:00",
      weekday: "Wed",
      offset: "UTC-5",
    });
  });
});
