import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { jobsTestPlatform } from "../testing/index.ts";

const clock = fixedClock("2026-03-02T09:00:30.000Z");
const appsDir = mkdtempSync(join(tmpdir(), "jobs-apps-dir-"));
let t: TestPlatform;

/** An app folder (docs/APPS.md, "The folder"): a definition that runs every minute and creates an order each run. */
const writeTickerApp = () => {
  mkdirSync(join(appsDir, "ticker", "components"), { recursive: true });
  writeFileSync(
    join(appsDir, "ticker", "manifest.json"),
    JSON.stringify({
      id: "ticker",
      name: "Ticker",
      components: [{ id: "stamp" }],
      ingresses: [],
      jobDefinitions: [
        { id: "minutely", componentId: "stamp", schedules: [{ cron: "* * * * *" }], acl: ["actors/order:create"] },
      ],
    }),
  );
  writeFileSync(
    join(appsDir, "ticker", "components", "stamp.js"),
    `export const parameters = {};
export default async function run(params, ctx) {
  const orderNumber = "TICK-" + crypto.randomUUID().slice(0, 8);
  const createdAt = new Date().toISOString();
  const body = { orderNumber, createdAt, currencyCode: "SEK", taxIncluded: true, commands: [] };
  const r = await ctx.messageActor("order", "new", [{ type: "create", body }]);
  return { orderNumber, orderId: r.actor.id };
}
`,
  );
};

beforeAll(async () => {
  writeTickerApp();
  t = await jobsTestPlatform(clock, { APPS_DIR: appsDir, JOBS_POLL_MS: "20" }, { schedulerIntervalMs: 20 });
});
afterAll(async () => {
  await t?.close();
  rmSync(appsDir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = async (path: string): Promise<any> => (await t.request("GET", path, { token: "admin" })).json();

describe("an app from APPS_DIR with a definition that runs every minute", () => {
  it("creates an order each run, listed in /resources/orders", { timeout: 30_000 }, async () => {
    expect(await j("/resources/job-definitions/apps/ticker/minutely")).toMatchObject({
      componentId: "ticker/stamp",
      schedules: [{ cron: "* * * * *" }],
      appId: "ticker",
    });
    // The scheduler has seen the definition (it schedules from then on).
    await expect
      .poll(
        async () =>
          (await t.platform.db.pool.query("SELECT 1 FROM jobs_schedules WHERE definition_id = 'apps/ticker/minutely'"))
            .rows.length,
      )
      .toBe(1);
    for (const [minute, count] of [
      ["09:01", 1],
      ["09:02", 2],
      ["09:03", 3],
    ] as const) {
      clock.set(`2026-03-02T${minute}:00.000Z`);
      await expect
        .poll(
          async () => (await j("/resources/jobs?jobDefinitionId=apps/ticker/minutely&status=succeeded")).totalCount,
          { timeout: 10_000, interval: 20 },
        )
        .toBe(count);
    }
    const jobs = (await j("/resources/jobs?jobDefinitionId=apps/ticker/minutely")).jobs as {
      runAt: string;
      trigger: string;
      result: { orderNumber: string };
    }[];
    expect(jobs.map((x) => x.runAt).sort()).toEqual([
      "2026-03-02T09:01:00.000Z",
      "2026-03-02T09:02:00.000Z",
      "2026-03-02T09:03:00.000Z",
    ]);
    expect(jobs.every((x) => x.trigger === "schedule")).toBe(true);
    const orders = (await j("/resources/orders?limit=100")).orders as { orderNumber: string }[];
    expect(orders.map((o) => o.orderNumber).sort()).toEqual(jobs.map((x) => x.result.orderNumber).sort());
  });
});
