import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { appBody, componentSource } from "@platform/apps/testing";
import { PASSWORD, h1, newPage, signIn, startPortalWorld, tableCells } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
beforeAll(async () => {
  world = await startPortalWorld();
});
afterAll(() => world?.close());

const answering = (word: string) =>
  appBody("versioned", { say: componentSource(`return { answer: "${word}" };`) }, [{ route: "versioned/say" }], {
    name: "Versioned",
  });

describe("an app's versions in the portal", () => {
  it.skipIf(skipBrowserTests)(
    "lists each version with when and by whom, and the button rolls back to one as a new version",
    async () => {
      const { server, api } = world;
      const owner = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "versions-owner@example.test",
      });
      for (const word of ["one", "two"]) {
        const put = await api("/resources/apps/versioned", owner.token, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(answering(word)),
        });
        expect(put.status, await put.clone().text()).toBeLessThan(300);
      }
      const say = async () =>
        (
          await fetch(`${server.url}/ingress/versioned/say`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: "{}",
          })
        ).json();
      expect(await say()).toEqual({ answer: "two" });

      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal/apps/versioned");
      await expect.poll(() => h1(page)).toBe("Versioned");
      const by = `principal ${owner.principalId}`;
      const rows = () => tableCells(page, "Versions", 3);
      expect(await rows()).toEqual([
        ["2 (current)", expect.any(String), by],
        ["1", expect.any(String), by],
      ]);
      const versions = page.getByRole("table", { name: "Versions", exact: true });
      expect(await versions.getByRole("button").count()).toBe(1);
      await screenshotWidths(page, "portal-app-versions");

      await versions.getByRole("button", { name: "Roll back to this version (1)" }).click();
      await page.waitForURL(`${server.url}/portal/apps/versioned?done=rolled-back`);
      expect(await page.getByRole("status").innerText()).toContain("Rolled back:");
      expect(await page.locator("dl.facts").innerText()).toMatch(/Version\s+3, updated/);
      expect(await rows()).toEqual([
        ["3 (current)", expect.any(String), by],
        ["2", expect.any(String), by],
        ["1", expect.any(String), by],
      ]);
      expect(await versions.getByRole("button").count()).toBe(2);
      expect(await say()).toEqual({ answer: "one" });

      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
