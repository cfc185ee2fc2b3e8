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

type SessionRow = { id: string; clientId: string | null; isRevoked: boolean };

describe("the portal's sign-in and my account", () => {
  it.skipIf(skipBrowserTests)(
    "signs in through /oauth/authorize as the portal client; the session is an ordinary one, " +
      "listed and revocable; a PAT is made, shown once and revoked; sign-out ends the session",
    async () => {
      const { server, api } = world;
      const { context, failed } = await world.newContext();
      const admin = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "owner@example.test",
        name: "Olive Owner",
      });
      const page = await newPage(context);
      await signIn(page, server.url, admin.email, "/portal/me");
      expect(new URL(page.url()).pathname).toBe("/portal/me");
      await expect.poll(() => h1(page)).toBe("My account");
      await screenshotWidths(page, "portal-me");

      // The portal's session is an ordinary session of the principal, through the client `portal`.
      const sessions = (await (
        await api(`/resources/iam/principals/${admin.principalId}/sessions`, admin.token)
      ).json()) as SessionRow[];
      const portalSessions = sessions.filter((s) => s.clientId === "portal" && !s.isRevoked);
      expect(portalSessions).toHaveLength(1);
      await expect
        .poll(() => page.locator(`tr[data-session="${portalSessions[0]!.id}"]`).innerText())
        .toContain("this browser");

      // The access token expires (its cookie goes): two pages loading at once share one refresh,
      // and the session lives on (a second use of the same refresh token would have ended it).
      await context.clearCookies({ name: "portal_at" });
      const [a, b] = await Promise.all([
        page.request.get(`${server.url}/portal/me`),
        page.request.get(`${server.url}/portal`),
      ]);
      expect([a.status(), b.status(), new URL(a.url()).pathname, new URL(b.url()).pathname]).toEqual([
        200,
        200,
        "/portal/me",
        "/portal",
      ]);
      const afterRefresh = (await (
        await api(`/resources/iam/principals/${admin.principalId}/sessions`, admin.token)
      ).json()) as SessionRow[];
      expect(afterRefresh.find((s) => s.id === portalSessions[0]!.id)?.isRevoked).toBe(false);
      await page.reload();
      expect(new URL(page.url()).pathname).toBe("/portal/me");

      // A personal access token: within the viewer's own permissions, shown once, usable, revocable.
      await page.getByLabel("Description").fill("CI reader");
      await page.getByLabel("Scope").fill("iam/principals:read");
      await page.getByRole("button", { name: "Create token" }).click();
      const pat = await page.getByLabel("Your new personal access token").inputValue();
      expect(pat).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      await screenshotWidths(page, "portal-me-token-shown");
      expect((await api("/resources/iam/principals?limit=1", pat)).status).toBe(200);
      expect(
        (
          await api("/resources/iam/roles/x:y", pat, {
            method: "PUT",
            body: '{"acl":[]}',
            headers: { "Content-Type": "application/json" },
          })
        ).status,
      ).toBe(403);
      await page.goto(`${server.url}/portal/me`);
      expect(await page.getByLabel("Your new personal access token").count()).toBe(0);
      await page
        .locator("tr", { hasText: "CI reader" })
        .getByRole("button", { name: /Revoke/ })
        .click();
      await page.waitForURL((u) => u.searchParams.get("done") === "token-revoked");
      expect((await api("/resources/iam/principals?limit=1", pat)).status).toBe(401);

      // Sign out: the portal's session is revoked, and the next visit asks for the password again.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL((u) => u.pathname === "/oauth/logout");
      await page.getByRole("button", { name: /sign out/i }).click();
      await page.waitForURL((u) => u.pathname === "/portal/callback");
      await expect.poll(() => h1(page)).toBe("Signed out");
      const after = (await (
        await api(`/resources/iam/principals/${admin.principalId}/sessions`, admin.token)
      ).json()) as SessionRow[];
      expect(after.find((s) => s.id === portalSessions[0]!.id)?.isRevoked).toBe(true);
      await page.goto(`${server.url}/portal`);
      expect(new URL(page.url()).pathname).toBe("/oauth/login");
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
