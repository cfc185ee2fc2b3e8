import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { PASSWORD, h1, newPage, signIn, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
beforeAll(async () => {
  world = await startPortalWorld();
});
afterAll(() => world?.close());

describe("the principals pages", () => {
  it.skipIf(skipBrowserTests)(
    "create a principal (temporary password shown once), an edit from a second tab is refused " +
      "as changed by someone else, suspending ends their session",
    async () => {
      const { server, api } = world;
      const { context, failed } = await world.newContext();
      const admin = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "admin@example.test",
        name: "Ada Admin",
      });
      const page = await newPage(context);
      await signIn(page, server.url, admin.email, "/portal/principals");
      await expect.poll(() => h1(page)).toBe("Principals");
      await screenshotWidths(page, "portal-principals");

      // Create, with a temporary password shown once.
      await page.getByRole("link", { name: "New principal" }).click();
      await page.getByLabel("Name").fill("Grace Hopper");
      await page.getByLabel("Email").fill("grace@example.test");
      await screenshotWidths(page, "portal-principal-new");
      await page.getByRole("button", { name: "Create principal" }).click();
      const temporary = await page.getByLabel("Temporary password for grace@example.test").inputValue();
      expect(temporary.length).toBeGreaterThanOrEqual(12);
      await page.getByRole("link", { name: "Go to Grace Hopper" }).click();
      const graceId = new URL(page.url()).pathname.split("/").pop()!;
      await expect.poll(() => h1(page)).toBe("Grace Hopper");

      // The list finds her by search.
      await page.goto(`${server.url}/portal/principals?search=grace`);
      await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
      expect(await page.locator("tbody tr").innerText()).toContain("grace@example.test");

      // She signs in with the temporary password (in her own browser) and must choose her own first.
      const hers = await world.newContext();
      const gracePage = await newPage(hers.context);
      await signIn(gracePage, server.url, "grace@example.test", "/portal", temporary);
      expect(new URL(gracePage.url()).pathname).toBe("/portal/me/password");
      await gracePage.getByLabel("Current password").fill(temporary);
      await gracePage.getByLabel("New password").fill("Compiler pioneer of 1952, rear admiral");
      await gracePage.getByRole("button", { name: "Change password" }).click();
      await gracePage.waitForURL((u) => u.pathname === "/portal/me");

      // Two tabs on the same principal: the second save is refused as a conflict, nothing is overwritten.
      const tab1 = await newPage(context);
      const tab2 = await newPage(context);
      await tab1.goto(`${server.url}/portal/principals/${graceId}`);
      await tab2.goto(`${server.url}/portal/principals/${graceId}`);
      await tab1.getByLabel("Name").fill("Grace B. Hopper");
      await tab1.getByRole("button", { name: "Save" }).click();
      await tab1.waitForURL((u) => u.searchParams.get("done") === "saved");
      await tab2.getByLabel("Name").fill("Amazing Grace");
      await tab2.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => tab2.getByRole("alert").innerText()).toContain("changed by someone else");
      await screenshotWidths(tab2, "portal-principal-conflict");
      const stored = (await (await api(`/resources/iam/principals/${graceId}`, admin.token)).json()) as {
        name: string;
      };
      expect(stored.name).toBe("Grace B. Hopper");
      await tab2.getByRole("link", { name: "Reload" }).click();
      expect(await tab2.getByLabel("Name").inputValue()).toBe("Grace B. Hopper");

      // Suspend her: her portal session is gone, and her browser is sent back to sign in.
      await tab2.getByRole("button", { name: "Suspend" }).click();
      await tab2.waitForURL((u) => u.searchParams.get("done") === "suspended");
      await screenshotWidths(tab2, "portal-principal");
      await expect.poll(() => tab2.locator("main").innerText()).toContain("No active sessions.");
      const sessions = (await (await api(`/resources/iam/principals/${graceId}/sessions`, admin.token)).json()) as {
        isRevoked: boolean;
      }[];
      expect(sessions.length).toBeGreaterThan(0);
      expect(sessions.every((s) => s.isRevoked)).toBe(true);
      await gracePage.goto(`${server.url}/portal/me`);
      expect(new URL(gracePage.url()).pathname).toBe("/oauth/login");

      expect(failed).toEqual([]);
      expect(hers.failed).toEqual([]);
      await hers.context.close();
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "shows a reader no write buttons, and the API refuses the write they would have made",
    async () => {
      const { server } = world;
      const reader = await createPrincipalWithToken(server.t, {
        password: PASSWORD,
        email: "reader@example.test",
        acl: ["iam/principals:read", "me:*"],
      });
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, reader.email, `/portal/principals/${reader.principalId}`);
      await expect.poll(() => h1(page)).not.toBe("");
      expect(await page.getByRole("link", { name: "Clients" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Reset password" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Save" }).count()).toBe(0);
      await page.goto(`${server.url}/portal/principals`);
      expect(await page.getByRole("link", { name: "New principal" }).count()).toBe(0);
      // Posting the form anyway (with this browser's own CSRF token): the API says no, nothing changes.
      const csrf = await page.locator('input[name="csrf"]').first().inputValue();
      const answer = await page.request.post(`${server.url}/portal/principals`, {
        form: { csrf, name: "Sneaky", email: "sneaky@example.test" },
      });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain("iam/principals:write");
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
