import { OUTBOUND_LOCAL_HINT } from "@platform/outbound";
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

/** client_credentials at the token endpoint, as the service account itself would. */
const clientToken = async (id: string, secret: string) =>
  fetch(`${world.server.url}/oauth/token`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`,
    },
    body: "grant_type=client_credentials",
  });

describe("the roles and clients pages", () => {
  it.skipIf(skipBrowserTests)(
    "a custom role with ACL entries; a service account holding it, its secret shown once and " +
      "working; a second secret; deleting the first stops it",
    async () => {
      const { server, api } = world;
      const { context, failed } = await world.newContext();
      const admin = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "root@example.test",
      });
      const page = await newPage(context);
      await signIn(page, server.url, admin.email, "/portal/roles");

      // A custom role.
      await page.getByLabel("Key").fill("reports:reader");
      await page.getByLabel("Description").fill("Reads principals for reports");
      await page.getByLabel("ACL entries").fill("iam/principals:read\niam/roles:read");
      await page.getByRole("button", { name: "Create role" }).click();
      await page.waitForURL(
        (u) => u.pathname === "/portal/roles/reports:reader" || u.pathname === "/portal/roles/reports%3Areader",
      );
      await expect.poll(() => page.locator("main").innerText()).toContain("iam/principals:read");
      await screenshotWidths(page, "portal-role");
      const role = (await (await api("/resources/iam/roles/reports:reader", admin.token)).json()) as {
        acl: { entries: unknown[] };
      };
      expect(role.acl.entries).toEqual([
        { resource: "iam/principals", permission: "read" },
        { resource: "iam/roles", permission: "read" },
      ]);
      await page.goto(`${server.url}/portal/roles`);
      await screenshotWidths(page, "portal-roles");

      // A service account holding it, with its first secret shown once.
      await page.goto(`${server.url}/portal/clients/new`);
      await page.getByLabel("Client id").fill("report-bot");
      await page.getByLabel("Name").fill("Report bot");
      await page.getByLabel("reports:reader").check();
      await screenshotWidths(page, "portal-client-new");
      await page.getByRole("button", { name: "Create client" }).click();
      const secret = await page.getByLabel("Secret of report-bot").inputValue();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      const token = (await (await clientToken("report-bot", secret)).json()) as { access_token: string };
      expect((await api("/resources/iam/principals?limit=1", token.access_token)).status).toBe(200);
      expect((await api("/resources/iam/clients?limit=1", token.access_token)).status).toBe(403);

      // A second secret; the first deleted stops working, the second still does.
      await page.getByRole("link", { name: "Go to Report bot" }).click();
      await page.getByLabel("Description").fill("rotation 2");
      await page.getByRole("button", { name: "Create secret" }).click();
      const second = await page.getByLabel("New secret of report-bot").inputValue();
      await screenshotWidths(page, "portal-client");
      await page.goto(`${server.url}/portal/clients/report-bot`);
      expect(await page.getByLabel("New secret of report-bot").count()).toBe(0);
      await page.getByRole("button", { name: "Delete secret First secret" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "secret-deleted");
      expect((await clientToken("report-bot", secret)).status).toBe(401);
      expect((await clientToken("report-bot", second)).status).toBe(200);

      await page.goto(`${server.url}/portal/clients`);
      await expect.poll(() => page.locator("tbody").innerText()).toContain("report-bot");
      await screenshotWidths(page, "portal-clients");
      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "an interactive public client has no secrets; a built-in client is read-only",
    async () => {
      const { server } = world;
      const { context, failed } = await world.newContext();
      const admin = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "root2@example.test",
      });
      const page = await newPage(context);
      await signIn(page, server.url, admin.email, "/portal/clients/new");
      await page.getByLabel("Client id").fill("spa");
      await page.getByLabel("Name").fill("Single-page app");
      await page.getByLabel(/Interactive \(people sign in/).check();
      await page.getByLabel("Redirect URIs (interactive)").fill("https://app.example.test/callback");
      await page.getByLabel(/Public client: no secret/).check();
      await page.getByRole("button", { name: "Create client" }).click();
      await page.waitForURL((u) => u.pathname === "/portal/clients/spa");
      expect(await h1(page)).toBe("Single-page app");
      expect(await page.locator("main").innerText()).toContain("interactive, public (PKCE, no secret)");
      expect(await page.getByRole("button", { name: "Create secret" }).count()).toBe(0);

      // Its back-channel logout URI: an internal address is refused with the API's reason, an https one is saved, an
      // empty field clears it.
      await page.getByLabel("Logout URI").fill("https://10.0.0.1/logout");
      await page.getByRole("button", { name: "Save logout URI" }).click();
      await expect
        .poll(() => page.locator("main").innerText())
        .toContain(`must not point to a loopback, private or link-local address${OUTBOUND_LOCAL_HINT}`);
      await page.getByLabel("Logout URI").fill("https://app.example.test/backchannel-logout");
      await page.getByLabel(/needs the session id/).check();
      await page.getByRole("button", { name: "Save logout URI" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "saved");
      const saved = (await (await world.api("/resources/iam/clients/spa", admin.token)).json()) as {
        backchannelLogoutUri: string | null;
        backchannelLogoutSessionRequired: boolean;
      };
      expect(saved).toMatchObject({
        backchannelLogoutUri: "https://app.example.test/backchannel-logout",
        backchannelLogoutSessionRequired: true,
      });
      expect(await page.locator("main").innerText()).toContain("https://app.example.test/backchannel-logout");
      await screenshotWidths(page, "portal-client-backchannel");
      await page.getByLabel("Logout URI").fill("");
      await page.getByRole("button", { name: "Save logout URI" }).click();
      await page.waitForURL((u) => u.searchParams.get("done") === "saved");
      expect(
        (
          (await (await world.api("/resources/iam/clients/spa", admin.token)).json()) as {
            backchannelLogoutUri: string | null;
          }
        ).backchannelLogoutUri,
      ).toBeNull();
      await page.goto(`${server.url}/portal/clients/portal`);
      expect(await page.locator("main").innerText()).toContain("Built into the platform: read-only.");
      expect(await page.getByRole("button", { name: "Suspend" }).count()).toBe(0);
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
