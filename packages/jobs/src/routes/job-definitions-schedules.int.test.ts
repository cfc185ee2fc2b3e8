import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { definitionRequests, issues, j, startDefinitionsPlatform } from "./job-definitions-fixture.ts";

const clock = fixedClock("2026-11-24T10:00:00Z");
let t: TestPlatform;

beforeAll(async () => {
  t = await startDefinitionsPlatform(clock);
});
afterAll(() => t?.close());

const { put, patch, get } = definitionRequests(() => t);

describe("job definitions: schedules", () => {
  const cronIssue = async (schedule: unknown) =>
    (await issues(await put("s1", { componentId: "report", schedules: [{ cron: "0 3 * * *" }, schedule] }))).details;

  it("takes 5 fields only: 6 or 7 → 400", async () => {
    expect(await cronIssue({ cron: "0 0 3 * * *" })).toEqual([
      {
        path: "schedules.1.cron",
        message:
          "must have 5 fields (minute hour day-of-month month day-of-week), not 6: seconds and years are not supported",
      },
    ]);
    expect((await cronIssue({ cron: "0 0 3 * * * 2027" }))[0]!.message).toMatch(/not 7/);
  });

  it("rejects H, naming its field; accepts names such as THU", async () => {
    expect(await cronIssue({ cron: "H 3 * * *" })).toEqual([
      { path: "schedules.1.cron", message: "H (jitter) is not supported: minute field 'H'" },
    ]);
    expect(await cronIssue({ cron: "0 H(0-5) * * *" })).toEqual([
      { path: "schedules.1.cron", message: "H (jitter) is not supported: hour field 'H(0-5)'" },
    ]);
    expect((await put("s2", { componentId: "report", schedules: [{ cron: "0 3 * MAR THU" }] })).status).toBe(201);
  });

  it("rejects an unknown zone, a bad field and a date that never comes", async () => {
    expect(await cronIssue({ cron: "0 3 * * *", timeZone: "Mars/Olympus" })).toEqual([
      { path: "schedules.1.timeZone", message: "'Mars/Olympus' is not an IANA or Windows time zone" },
    ]);
    expect((await cronIssue({ cron: "61 3 * * *" }))[0]!.path).toBe("schedules.1.cron");
    expect(await cronIssue({ cron: "0 0 30 2 *" })).toEqual([{ path: "schedules.1.cron", message: "never occurs" }]);
  });

  it("answers the next N occurrences over all schedules, collapsed, in any zone form", async () => {
    // 03:00 UTC, and 04:00 in Berlin (= 03:00 UTC in winter): one occurrence each day; Windows id for New York.
    const body = {
      componentId: "report",
      schedules: [
        { cron: "0 3 * * *" },
        { cron: "0 4 * * *", timeZone: "Europe/Berlin" },
        { cron: "30 9 * * MON", timeZone: "Eastern Standard Time" },
      ],
    };
    expect((await put("s3", body)).status).toBe(201);
    const r = await t.request("GET", "/resources/job-definitions/s3?occurrences=5", { token: "reader" });
    expect((await j(r)).occurrences).toEqual([
      "2026-11-25T03:00:00.000Z",
      "2026-11-26T03:00:00.000Z",
      "2026-11-27T03:00:00.000Z",
      "2026-11-28T03:00:00.000Z",
      "2026-11-29T03:00:00.000Z",
    ]);
    clock.set("2026-11-29T12:00:00Z");
    const later = await j(await t.request("GET", "/resources/job-definitions/s3?occurrences=3", { token: "reader" }));
    expect(later.occurrences).toEqual([
      "2026-11-30T03:00:00.000Z",
      "2026-11-30T14:30:00.000Z",
      "2026-12-01T03:00:00.000Z",
    ]);
    expect((await j(await get("s3"))).occurrences).toBeUndefined();
    const hundred = await j(
      await t.request("GET", "/resources/job-definitions/s3?occurrences=100", { token: "reader" }),
    );
    expect(hundred.occurrences).toHaveLength(100);
    expect(new Set(hundred.occurrences).size).toBe(100);
    expect((await t.request("GET", "/resources/job-definitions/s3?occurrences=101", { token: "reader" })).status).toBe(
      400,
    );
    expect((await t.request("GET", "/resources/job-definitions/s3?occurrences=-1", { token: "reader" })).status).toBe(
      400,
    );
    await patch("s3", { scheduleSuspended: true });
    expect(
      (await j(await t.request("GET", "/resources/job-definitions/s3?occurrences=3", { token: "reader" }))).occurrences,
    ).toEqual([]);
  });

  it("keeps ISC cron's daylight-saving rule: a skipped 02:30 runs at 03:00, a repeated one once", async () => {
    const body = {
      componentId: "report",
      schedules: [
        { cron: "30 2 * * *", timeZone: "Europe/Berlin" },
        { cron: "30 1 * * *", timeZone: "America/New_York" },
      ],
    };
    expect((await put("dst", body)).status).toBe(201);
    clock.set("2026-03-27T12:00:00Z");
    const spring = await j(await t.request("GET", "/resources/job-definitions/dst?occurrences=4", { token: "reader" }));
    // Berlin: 28 Mar 02:30 CET, 29 Mar (02:00 → 03:00) at 03:00 CEST; New York 01:30 EDT after 8 Mar.
    expect(spring.occurrences).toEqual([
      "2026-03-28T01:30:00.000Z",
      "2026-03-28T05:30:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T05:30:00.000Z",
    ]);
    clock.set("2026-10-31T12:00:00Z");
    const autumn = await j(await t.request("GET", "/resources/job-definitions/dst?occurrences=4", { token: "reader" }));
    // Berlin on CET (01:30Z); New York 1 Nov 01:00–02:00 comes twice: 01:30 runs once, the first (EDT, 05:30Z), then
    // 06:30Z on EST.
    expect(autumn.occurrences).toEqual([
      "2026-11-01T01:30:00.000Z",
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T01:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
  });
});
