import { expect } from "vitest";
import type { BrowserContext } from "playwright-core";
import { offlineExcept } from "@platform/http/testing/browser";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

export type JobsOwner = Awaited<ReturnType<typeof createPrincipalWithToken>>;

/**
 * The jobs pages' world: the portal with the app "shop" (components report and boom, its job definition nightly) and
 * the definition reports/eu/nightly, both scheduled at 03:00 on the 1st in Berlin; `owner` may do everything.
 */
export const startJobsWorld = async (): Promise<{ world: PortalWorld; owner: JobsOwner }> => {
  const world = await startPortalWorld();
  const owner = await createPrincipalWithToken(world.server.t, {
    roles: ["system:owner"],
    password: PASSWORD,
    email: "jobs-owner@example.test",
    name: "Jo Scheduler",
  });
  const report = componentSource("return { rows: 3, to: params.to ?? null };");
  const boom = componentSource('throw new Error("boom");');
  await install(
    world.server.t,
    appBody("shop", { report, boom }, [], {
      jobDefinitions: [
        {
          id: "nightly",
          componentId: "report",
          schedules: [{ cron: "0 3 1 * *", timeZone: "Europe/Berlin" }],
          queue: "batch",
        },
      ],
    }),
    owner.token,
  );
  const put = await world.api("/resources/job-definitions/reports/eu/nightly", owner.token, {
    method: "PUT",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      componentId: "shop/report",
      queue: "reports",
      schedules: [{ cron: "0 3 1 * *", timeZone: "Europe/Berlin" }],
    }),
  });
  expect(put.status).toBe(201);
  return { world, owner };
};

/**
 * A browser profile in New York (so the viewer's zone is not the schedule's), cut off every network but the service's.
 */
export const newYorkContext = async (world: PortalWorld): Promise<{ context: BrowserContext; failed: string[] }> => {
  const context = await world.browser!.newContext({
    viewport: { width: 1280, height: 800 },
    timezoneId: "America/New_York",
  });
  return { context, failed: (await offlineExcept(context, world.server.url)).failed };
};

export const json = async <T>(res: Response) => (await res.json()) as T;

/**
 * The next 03:00 on the 1st of a month in Berlin after `now`, found by trying both of Berlin's offsets (independent of
 * the portal's code).
 */
export const nextFirstOfMonthInBerlin = (now: Date): Date => {
  const berlin = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Berlin",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  for (let m = 0; m < 3; m++)
    for (const offset of [1, 2]) {
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1, 3 - offset));
      if (at > now && berlin.format(at) === "01, 03:00") return at;
    }
  throw new Error("no occurrence found");
};

/** `Sun 2026-03-01 03:00 UTC+1`, the way the page writes an instant in a zone, spelled out here from Intl's parts. */
export const written = (at: Date, zone: string) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZoneName: "shortOffset",
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.weekday} ${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName!.replace("GMT", "UTC")}`;
};
