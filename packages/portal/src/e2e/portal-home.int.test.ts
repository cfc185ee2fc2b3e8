import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD, h1, newPage, signIn, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
let owner: Awaited<ReturnType<typeof createPrincipalWithToken>>;

const json = async <T>(res: Response) => (await res.json()) as T;
type Readyz = { ready: boolean; checks: { projections: { followers: { name: string; behind: number }[] } } };
const readyz = () => fetch(`${world.server.url}/readyz`).then((r) => json<Readyz>(r));

/** Waits until `check` holds (expect.poll works only inside a test, and this world is made before them). */
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000) => {
  for (const end = Date.now() + timeoutMs; !(await check()); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
};

beforeAll(async () => {
  world = await startPortalWorld();
  owner = await createPrincipalWithToken(world.server.t, {
    roles: ["system:owner"],
    password: PASSWORD,
    email: "home-owner@example.test",
    name: "Hal Health",
  });
  const send = async (method: string, path: string, body: unknown, status: number) => {
    const res = await world.api(path, owner.token, {
      method,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
    return json<{ jobId: string }>(res);
  };
  await install(
    world.server.t,
    appBody("ops", {
      fine: componentSource("return { ok: true };"),
      boom: componentSource('throw new Error("boom");'),
    }),
    owner.token,
  );
  await send("PUT", "/resources/job-definitions/held/report", { componentId: "ops/fine", queue: "held" }, 201);
  await send("PUT", "/resources/job-definitions/flaky/boom", { componentId: "ops/boom" }, 201);
  // A paused queue keeps its due jobs pending: two due now, one due in an hour.
  await send("PUT", "/resources/job-queues/held", { paused: true }, 200);
  for (const runAt of [undefined, undefined, new Date(Date.now() + 3_600_000).toISOString()])
    await send("POST", "/resources/jobs", { jobDefinitionId: "held/report", ...(runAt ? { runAt } : {}) }, 201);
  // One that fails (no retry by default).
  const failing = await send("POST", "/resources/jobs", { jobDefinitionId: "flaky/boom" }, 201);
  await until(
    "the job failed",
    async () =>
      (await json<{ status: string }>(await world.api(`/resources/jobs/${failing.jobId}`, owner.token))).status ===
      "failed",
  );
  // The lists read the jobs' read model, which follows the journal shortly after; and every follower catches up.
  await until(
    "the list shows it",
    async () =>
      (await json<{ totalCount: number }>(await world.api("/resources/jobs?status=failed", owner.token))).totalCount ===
      1,
  );
  await until("no follower is behind", async () =>
    (await readyz()).checks.projections.followers.every((f) => f.behind === 0),
  );
});
afterAll(() => world?.close());

const box = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\s+/g, " ").trim();
const queueRows = (page: Page) =>
  page
    .getByRole("table", { name: "Job queues" })
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent!.trim())));

describe("the home page's health", () => {
  it.skipIf(skipBrowserTests)(
    "shows an owner readiness, followers behind, the sendings queue, the failed jobs of the " +
      "last hour and each queue's due jobs",
    async () => {
      const { server } = world;
      const followers = (await readyz()).checks.projections.followers.length;
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal");
      await expect.poll(() => h1(page)).toBe("Welcome, Hal Health");
      const health = page.getByRole("region", { name: "Service health" });
      expect(await health.count()).toBe(1);
      expect(await box(page, "service-readiness")).toBe("Service Ready Taking traffic: /readyz answers 200.");
      expect(await box(page, "followers-behind")).toBe(`Followers behind 0 of ${followers} projections and reactors`);
      expect(await page.getByRole("table", { name: "Followers behind" }).count()).toBe(0);
      expect(await box(page, "sendings-queue")).toBe(
        "Sendings queue 0 pending healthy Bounce rate, last 24 hours: 0.0 % · not configured: Email, SMS, Push",
      );
      expect(await box(page, "failed-jobs")).toMatch(
        /^Failed jobs, last hour 1 Since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC · Failed jobs$/,
      );
      expect(await page.getByRole("table", { name: "Job queues" }).locator("thead th").allInnerTexts()).toEqual([
        "Queue",
        "State",
        "Due now",
        "Pending, due or not",
        "Running",
      ]);
      expect(await queueRows(page)).toEqual([
        ["default", "running", "0", "0", "0"],
        ["held", "paused", "2", "3", "0"],
      ]);
      await screenshotWidths(page, "portal-home-health");

      // The failed jobs' link goes to the jobs list filtered by status.
      await page.getByTestId("failed-jobs").getByRole("link", { name: "Failed jobs" }).click();
      await page.waitForURL((u) => u.pathname === "/portal/jobs" && u.searchParams.get("status") === "failed");
      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "shows a viewer without jobs rights only what /readyz tells anyone, and one who reads only the queues no due jobs",
    async () => {
      const { server } = world;
      const reader = await createPrincipalWithToken(server.t, {
        password: PASSWORD,
        email: "home-reader@example.test",
        name: "Rita Reader",
        acl: ["sendings:read", "me:*"],
      });
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, reader.email, "/portal");
      await expect.poll(() => h1(page)).toBe("Welcome, Rita Reader");
      expect(await box(page, "service-readiness")).toBe("Service Ready Taking traffic: /readyz answers 200.");
      expect(await box(page, "sendings-queue")).toMatch(/^Sendings queue 0 pending healthy/);
      expect(await page.getByTestId("failed-jobs").count()).toBe(0);
      expect(await page.getByRole("heading", { name: "Job queues" }).count()).toBe(0);
      expect(await page.getByRole("region", { name: "Service health" }).innerText()).not.toMatch(/job/i);
      await screenshotWidths(page, "portal-home-health-reader");
      await context.close();

      const queuesOnly = await createPrincipalWithToken(server.t, {
        password: PASSWORD,
        email: "home-queues@example.test",
        name: "Quinn Queues",
        acl: ["job-queues:read", "me:*"],
      });
      const other = await world.newContext();
      const second = await newPage(other.context);
      await signIn(second, server.url, queuesOnly.email, "/portal");
      await expect.poll(() => h1(second)).toBe("Welcome, Quinn Queues");
      expect(await second.getByTestId("failed-jobs").count()).toBe(0);
      expect(await second.getByRole("table", { name: "Job queues" }).locator("thead th").allInnerTexts()).toEqual([
        "Queue",
        "State",
        "Pending, due or not",
        "Running",
      ]);
      expect(await queueRows(second)).toEqual([
        ["default", "running", "0", "0"],
        ["held", "paused", "3", "0"],
      ]);
      expect([...failed, ...other.failed]).toEqual([]);
      await other.context.close();
    },
  );
});
