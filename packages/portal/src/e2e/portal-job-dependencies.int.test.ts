import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipBrowserTests } from "@platform/http/testing/browser";
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

const A = "0190a000-0000-7000-8000-00000000a001";
const B = "0190a000-0000-7000-8000-00000000a002";
const C = "0190a000-0000-7000-8000-00000000a003";

describe("a job's page with dependencies", () => {
  it.skipIf(skipBrowserTests)(
    "shows what the job waits for and what waits for it, its batch with the counts; cancelling one cancels the rest",
    async () => {
      const job = (jobId: string, dependsOn: string[] = []) => ({
        jobDefinitionId: "reports/eu/nightly",
        jobId,
        runAt: "2030-01-01T00:00:00Z",
        dependsOn,
      });
      const made = await world.api("/resources/jobs/batch", owner.token, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ jobs: [job(A), job(B, [A]), job(C, [A, B])] }),
      });
      expect(made.status).toBe(201);
      const { batchId } = (await json(made)) as { batchId: string };

      const { context } = await newYorkContext(world);
      const page = await newPage(context);
      await signIn(page, world.server.url, owner.email, `/portal/jobs/${C}`);
      await expect.poll(() => h1(page)).toBe(`Job ${C}`);
      const waitsFor = page.getByRole("table", { name: "Waits for" });
      expect(await waitsFor.locator("tbody tr").allInnerTexts()).toEqual([`${A}\tpending`, `${B}\twaiting`]);
      expect(await page.getByRole("table", { name: "Waiting for it" }).count()).toBe(0);

      await waitsFor.getByRole("link", { name: A }).click();
      await expect.poll(() => h1(page)).toBe(`Job ${A}`);
      const waiting = page.getByRole("table", { name: "Waiting for it" });
      expect(await waiting.locator("tbody tr").allInnerTexts()).toEqual([`${B}\twaiting`, `${C}\twaiting`]);

      await page.getByRole("link", { name: batchId }).click();
      await expect.poll(() => h1(page)).toBe("Jobs");
      expect(await page.getByLabel("Batch counts").innerText()).toBe("Batch of 3 jobs: 2 waiting, 1 pending");
      expect(await page.locator("tbody tr").count()).toBe(3);

      await page.goto(`${world.server.url}/portal/jobs/${A}`);
      await page.getByRole("button", { name: "Cancel job" }).click();
      await expect.poll(() => page.locator("main").innerText()).toContain("Cancelled: the job will not run.");
      await page.goto(`${world.server.url}/portal/jobs/${C}`);
      await expect
        .poll(async () => (await page.reload(), await page.locator(".facts").innerText()), { timeout: 10_000 })
        .toMatch(new RegExp(`Cancelled because\\s+dependency (${A}|${B}) cancelled`));
      await page.goto(`${world.server.url}/portal/jobs/${B}`);
      expect(await page.locator(".facts").innerText()).toContain(`Cancelled because\ndependency ${A} cancelled`);
    },
  );
});
