import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD } from "./portal-browser.ts";
import { h1, newPage, signIn } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";
import { json, newYorkContext, nextFirstOfMonthInBerlin, startJobsWorld, written } from "./portal-jobs-fixture.ts";
import type { JobsOwner } from "./portal-jobs-fixture.ts";

let world: PortalWorld;
let owner: JobsOwner;
beforeAll(async () => {
  ({ world, owner } = await startJobsWorld());
});
afterAll(() => world?.close());

describe("the jobs pages", () => {
  it.skipIf(skipBrowserTests)(
    "show a schedule in words with its next 10 occurrences in its zone and the viewer's; " +
      "suspend and resume it; an app's override against its default, reset",
    async () => {
      const { server, api } = world;
      const { context, failed } = await newYorkContext(world);
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal/job-definitions");
      await expect.poll(() => h1(page)).toBe("Job definitions");
      const row = page.locator("tbody tr", { hasText: "reports/eu/nightly" });
      expect(await row.innerText()).toContain("At 03:00, on day 1 of the month, Europe/Berlin");
      expect(await page.locator("tbody tr", { hasText: "apps/shop/nightly" }).innerText()).toContain("app shop");
      await screenshotWidths(page, "portal-job-definitions");

      // The definition: its schedule in words, 10 occurrences in Berlin and in New York (the browser's zone, from
      // portal.js's cookie).
      await row.getByRole("link", { name: "reports/eu/nightly" }).click();
      await expect.poll(() => h1(page)).toBe("reports/eu/nightly");
      expect(new URL(page.url()).pathname).toBe("/portal/job-definitions/reports/eu/nightly");
      expect(await page.locator("main").innerText()).toContain("At 03:00, on day 1 of the month, Europe/Berlin");
      await page.reload(); // the first page set the cookie; this one reads it
      expect(await page.locator("#zone-shown").innerText()).toBe(
        "Times are shown in America/New_York (your browser's).",
      );
      const table = page.getByRole("table", { name: "Next 10 occurrences" });
      expect(await table.locator("thead th").allInnerTexts()).toEqual([
        "#",
        "In Europe/Berlin",
        "In your zone, America/New_York",
      ]);
      await expect.poll(() => table.locator("tbody tr").count()).toBe(10);
      const first = nextFirstOfMonthInBerlin(new Date());
      const cells = await table.locator("tbody tr").first().locator("td").allInnerTexts();
      expect(cells).toEqual(["1", written(first, "Europe/Berlin"), written(first, "America/New_York")]);
      expect(cells[1]).toMatch(/^\w{3} \d{4}-\d{2}-01 03:00 UTC\+[12]$/);
      await screenshotWidths(page, "portal-job-definition");

      // Another zone through the form (works without the script).
      await page.getByLabel("Show times in").selectOption("Asia/Tokyo");
      await page.getByRole("button", { name: "Show" }).click();
      expect(await page.locator("#zone-shown").innerText()).toBe("Times are shown in Asia/Tokyo (chosen here).");
      expect(await table.locator("tbody tr").first().locator("td").nth(2).innerText()).toBe(
        written(first, "Asia/Tokyo"),
      );

      // Suspend, then resume: the API says so each time.
      await page.getByRole("button", { name: "Suspend schedules" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "suspended");
      expect(
        (
          await json<{ scheduleSuspended: boolean }>(
            await api("/resources/job-definitions/reports/eu/nightly", owner.token),
          )
        ).scheduleSuspended,
      ).toBe(true);
      expect(await page.locator("main").innerText()).toContain("Suspended: none until the schedules are resumed.");
      await page.getByRole("button", { name: "Resume schedules" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "resumed");
      expect(
        (
          await json<{ scheduleSuspended: boolean }>(
            await api("/resources/job-definitions/reports/eu/nightly", owner.token),
          )
        ).scheduleSuspended,
      ).toBe(false);

      // A change from elsewhere since the page was shown: the suspend is refused as a conflict, nothing is overwritten.
      const patch = (body: unknown) =>
        api("/resources/job-definitions/reports/eu/nightly", owner.token, {
          method: "PATCH",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await patch({ queue: "reports2" })).status).toBe(200);
      await page.getByRole("button", { name: "Suspend schedules" }).click();
      await expect.poll(() => page.getByRole("alert").innerText()).toContain("changed by someone else");
      expect(
        (
          await json<{ scheduleSuspended: boolean }>(
            await api("/resources/job-definitions/reports/eu/nightly", owner.token),
          )
        ).scheduleSuspended,
      ).toBe(false);

      // The app's definition: override its queue and schedule through the API, see them against the app's default, go
      // back to it.
      await page.goto(`${server.url}/portal/job-definitions/apps/shop/nightly`);
      expect(await page.locator("main").innerText()).toContain("Nothing is overridden");
      const override = await api("/resources/job-definitions/apps/shop/nightly", owner.token, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          queue: "night-shift",
          schedules: [{ cron: "30 4 * * MON", timeZone: "America/New_York" }],
        }),
      });
      expect(override.status).toBe(200);
      await page.reload();
      expect(await h1(page)).toBe("apps/shop/nightly");
      const rows = page.getByRole("table", { name: "This tenant's override" }).locator("tbody tr");
      expect(await rows.filter({ hasText: "Queue" }).locator("td").allInnerTexts()).toEqual(["batch", "night-shift"]);
      expect(await rows.filter({ hasText: "Schedules" }).locator("td").allInnerTexts()).toEqual([
        "At 03:00, on day 1 of the month, Europe/Berlin",
        "At 04:30, only on Monday, America/New_York",
      ]);
      expect(await rows.filter({ hasText: "Max concurrency" }).innerText()).not.toContain("overridden");
      await screenshotWidths(page, "portal-job-definition-override");
      await page.getByRole("button", { name: "Back to the app's default" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "reset");
      const reset = await json<{ scheduleIsOverridden: boolean; queue: string; schedules: unknown }>(
        await api("/resources/job-definitions/apps/shop/nightly", owner.token),
      );
      expect(reset).toMatchObject({
        scheduleIsOverridden: false,
        queue: "batch",
        schedules: [{ cron: "0 3 1 * *", timeZone: "Europe/Berlin" }],
      });

      // Suspending the app's definition is an override; resuming it goes back to the author's default.
      await page.getByRole("button", { name: "Suspend schedules" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "suspended");
      expect(
        await json<{ scheduleIsOverridden: boolean }>(
          await api("/resources/job-definitions/apps/shop/nightly", owner.token),
        ),
      ).toMatchObject({ scheduleIsOverridden: true, scheduleSuspended: true });
      await page.getByRole("button", { name: "Resume schedules" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "resumed");
      expect(
        await json<{ scheduleIsOverridden: boolean }>(
          await api("/resources/job-definitions/apps/shop/nightly", owner.token),
        ),
      ).toMatchObject({ scheduleIsOverridden: false, scheduleSuspended: false });

      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "show a job's failed attempts, and the queues with their depth, paused and resumed",
    async () => {
      const { server, api } = world;
      const call = (path: string, method: string, body: unknown) =>
        api(path, owner.token, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      expect(
        (
          await call("/resources/job-definitions/flaky", "PUT", {
            componentId: "shop/boom",
            queue: "reports",
            retry: { maxAttempts: 3, backoffSeconds: 3600 },
          })
        ).status,
      ).toBe(201);
      const { jobId } = await json<{ jobId: string }>(
        await call("/resources/jobs", "POST", { jobDefinitionId: "flaky" }),
      );
      await expect
        .poll(
          async () =>
            (await json<{ errors: unknown[] }>(await api(`/resources/jobs/${jobId}`, owner.token))).errors.length,
          { timeout: 15_000 },
        )
        .toBe(1);

      const { context, failed } = await newYorkContext(world);
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, `/portal/jobs/${jobId}`);
      await expect.poll(() => h1(page)).toBe(`Job ${jobId}`);
      expect(await page.locator("dl.facts dt:text-is('Attempt') + dd").innerText()).toBe("2 (next, after 1 failed)");
      const rows = await page.getByRole("table", { name: "Failed attempts" }).locator("tbody tr").allInnerTexts();
      expect(rows.map((r) => r.split("\t").map((x) => x.trim()))).toEqual([
        ["1", expect.stringMatching(/^\w{3} \d{4}-\d\d-\d\d \d\d:\d\d UTC/), "COMPONENT_FAILED: Error: boom"],
      ]);

      await page.getByRole("link", { name: "Queues" }).click();
      await expect.poll(() => h1(page)).toBe("Job queues");
      const queueRows = async () =>
        (await page.getByRole("table", { name: "Job queues" }).locator("tbody tr").allInnerTexts()).map((r) =>
          r
            .split("\t")
            .slice(0, 4)
            .map((x) => x.trim()),
        );
      expect(await queueRows()).toEqual([
        ["batch", "running", "0", "0"],
        ["default", "running", "0", "0"],
        ["reports", "running", "1", "0"],
        ["reports2", "running", "0", "0"],
      ]);
      await screenshotWidths(page, "portal-job-queues");
      await page.getByRole("button", { name: "Pause queue reports", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "paused");
      expect(await page.getByRole("status").innerText()).toMatch(/^Queue reports: Paused/);
      expect((await queueRows())[2]).toEqual(["reports", "paused", "1", "0"]);
      expect(
        (
          await json<{ jobQueues: { queue: string; paused: boolean }[] }>(
            await api("/resources/job-queues", owner.token),
          )
        ).jobQueues.find((q) => q.queue === "reports")!.paused,
      ).toBe(true);
      await page.getByRole("button", { name: "Resume queue reports", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "resumed");
      expect((await queueRows())[2]).toEqual(["reports", "running", "1", "0"]);

      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "shows a reader no suspend button, and the API's refusal when they post anyway",
    async () => {
      const { server, api } = world;
      const reader = await createPrincipalWithToken(server.t, {
        password: PASSWORD,
        email: "jobs-reader@example.test",
        acl: ["job-definitions:read", "jobs:read", "me:*"],
      });
      const { context, failed } = await newYorkContext(world);
      const page = await newPage(context);
      await signIn(page, server.url, reader.email, "/portal/job-definitions/reports/eu/nightly");
      await expect.poll(() => h1(page)).toBe("reports/eu/nightly");
      expect(await page.getByRole("button", { name: /Suspend|Resume/ }).count()).toBe(0);
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const answer = await page.request.post(`${server.url}/portal/job-definitions/reports/eu/nightly`, {
        form: { csrf, action: "suspend", etag: "" },
      });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain("job-definitions:write");
      expect(
        (
          await json<{ scheduleSuspended: boolean }>(
            await api("/resources/job-definitions/reports/eu/nightly", owner.token),
          )
        ).scheduleSuspended,
      ).toBe(false);
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
