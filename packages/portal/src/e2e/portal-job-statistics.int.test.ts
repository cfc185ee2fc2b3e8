import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { h1, newPage, signIn } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";
import { json, newYorkContext, startJobsWorld } from "./portal-jobs-fixture.ts";
import type { JobsOwner } from "./portal-jobs-fixture.ts";

let world: PortalWorld;
let owner: JobsOwner;
beforeAll(async () => {
  ({ world, owner } = await startJobsWorld());
});
afterAll(() => world?.close());

describe("the jobs pages", () => {
  it.skipIf(skipBrowserTests)(
    "list jobs by status, cancel a pending one, show a finished one's result, and chart the statistics per minute",
    async () => {
      const { server, api } = world;
      const schedule = async (body: Record<string, unknown>) => {
        const res = await api("/resources/jobs", owner.token, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ jobDefinitionId: "reports/eu/nightly", ...body }),
        });
        expect(res.status).toBe(201);
        return json<{ jobId: string }>(res);
      };
      const later = await schedule({ runAt: new Date(Date.now() + 3_600_000).toISOString(), parameters: {} });
      const now = await schedule({ parameters: {} });
      await expect
        .poll(
          async () => (await json<{ status: string }>(await api(`/resources/jobs/${now.jobId}`, owner.token))).status,
          { timeout: 15_000 },
        )
        .toBe("succeeded");
      // The lists read the jobs' read model, which follows the journal shortly after.
      await expect
        .poll(
          async () =>
            (
              await json<{ jobs: { jobId: string }[] }>(await api("/resources/jobs?status=succeeded", owner.token))
            ).jobs.map((j) => j.jobId),
          { timeout: 15_000 },
        )
        .toContain(now.jobId);

      const { context, failed } = await newYorkContext(world);
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal/jobs");
      await page.getByLabel("Status").selectOption("pending");
      await page.getByRole("button", { name: "Find" }).click();
      await page.waitForURL((u) => u.searchParams.get("status") === "pending");
      await expect.poll(() => h1(page)).toBe("Jobs");
      expect(await page.getByRole("link", { name: `Job ${later.jobId}` }).count()).toBe(1);
      expect(await page.getByRole("link", { name: `Job ${now.jobId}` }).count()).toBe(0);
      await screenshotWidths(page, "portal-jobs");

      // Cancel the pending one.
      await page.getByRole("link", { name: `Job ${later.jobId}` }).click();
      await expect.poll(() => h1(page)).toBe(`Job ${later.jobId}`);
      await screenshotWidths(page, "portal-job");
      await page.getByRole("button", { name: "Cancel job" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "cancelled");
      expect((await json<{ status: string }>(await api(`/resources/jobs/${later.jobId}`, owner.token))).status).toBe(
        "cancelled",
      );
      expect(await page.getByRole("button", { name: "Cancel job" }).count()).toBe(0);
      // Cancelling it again (a stale page): the API's 409 is shown as its message.
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const again = await page.request.post(`${server.url}/portal/jobs/${later.jobId}/cancel`, { form: { csrf } });
      expect(again.status()).toBe(409);
      expect(await again.text()).toMatch(/cancelled/);

      // The one that ran: its result.
      await page.goto(`${server.url}/portal/jobs/${now.jobId}`);
      expect(JSON.parse(await page.getByLabel("Result").innerText())).toEqual({ rows: 3, to: null });

      // Statistics: a chart per definition with a bar for the minute it succeeded, and the numbers.
      await page.goto(`${server.url}/portal/jobs/statistics`);
      await expect.poll(() => h1(page)).toBe("Job statistics");
      const section = page.locator("section.statistics", {
        has: page.getByRole("link", { name: "reports/eu/nightly" }),
      });
      const chart = section.getByRole("img", {
        name: new RegExp(
          "^Jobs of reports/eu/nightly per minute: 1 successful, 0 failed, 2 scheduled; times in America/New_York$",
        ),
      });
      await expect.poll(() => chart.count()).toBe(1);
      expect(await chart.locator("rect.bar.successful").count()).toBe(1);
      expect(await chart.locator("rect.bar.failed").count()).toBe(0);
      expect(await chart.locator("polyline.scheduled").count()).toBe(1);
      expect(await section.getByRole("img", { name: /^Execution times of reports\/eu\/nightly/ }).count()).toBe(1);
      await section.locator("summary").click();
      const numbers = section.getByRole("table", { name: "Per-minute numbers of reports/eu/nightly" });
      const totals = (await numbers.locator("tbody tr").allInnerTexts()).map((r) =>
        r.split("\t").slice(1, 4).map(Number),
      );
      expect(totals.reduce((a, r) => [a[0]! + r[0]!, a[1]! + r[1]!, a[2]! + r[2]!], [0, 0, 0])).toEqual([2, 1, 0]);
      await screenshotWidths(page, "portal-job-statistics");
      await page.getByLabel("Window").selectOption("24h");
      await page.getByRole("button", { name: "Find" }).click();
      await page.waitForURL((u) => u.searchParams.get("window") === "24h");
      expect(await section.locator("rect.bar.successful").count()).toBe(1);

      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
