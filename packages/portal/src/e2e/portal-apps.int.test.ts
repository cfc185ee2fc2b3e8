import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { appBody, componentSource } from "@platform/apps/testing";
import { PASSWORD, h1, newPage, signIn, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
beforeAll(async () => {
  world = await startPortalWorld();
});
afterAll(() => world?.close());

const SANDBOX_CSP =
  "sandbox allow-scripts allow-forms; default-src 'none'; script-src 'unsafe-inline'; " +
  "style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

/** The app's portal page: it tries every way out of its sandbox and writes down what happened to each. */
const ESCAPE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Shop UI</title>
<h1>Orders today</h1><p>Three orders are waiting.</p><ul id="attempts"></ul>
<script>
const list = document.getElementById("attempts");
const note = (name, outcome) => {
  const li = document.createElement("li");
  li.dataset.attempt = name;
  li.textContent = name + ": " + outcome;
  list.appendChild(li);
};
const attempt = (name, read) => {
  try { note(name, "read " + JSON.stringify(String(read()))); } catch (e) { note(name, "blocked (" + e.name + ")"); }
};
attempt("cookie", () => document.cookie);
attempt("localStorage", () => localStorage.getItem("x"));
attempt("parent.document", () => parent.document.title);
attempt("top.location.href", () => top.location.href);
for (const path of ["/portal/me", "/resources/me"])
  fetch(path).then(
    (r) => r.text().then((t) => note("fetch " + path, "read " + r.status + " " + t.slice(0, 40))),
    (e) => note("fetch " + path, "blocked (" + e.name + ")"),
  );
</script></html>`;

const status = componentSource('return { open: 3, checkedBy: "status" };');
const placeOrder = componentSource(
  "return { accepted: true };",
  `{ orderNumber: { type: "text" }, quantity: { type: "number", default: 1 }, note: { type: ["text", "nothing"] },
     placedAt: { type: "instant" },
     lines: { type: "array", items: { type: "object", properties: { sku: { type: "text" } } } } }`,
);

describe("the apps pages", () => {
  it.skipIf(skipBrowserTests)(
    "list the apps, show an app's parameters and ingress URLs, open its GET ingress, and frame " +
      "its portal page sandboxed (it cannot reach the session)",
    async () => {
      const { server, api } = world;
      const owner = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "apps-owner@example.test",
        name: "Olive Owner",
      });
      const body = {
        ...appBody(
          "shop-ui",
          { status, "place-order": placeOrder },
          [
            { route: "shop-ui/status", httpMethod: "GET", componentId: "status" },
            { route: "shop-ui/orders", componentId: "place-order", isPublic: false, acl: ["actors/order:create"] },
          ],
          {
            name: "Shop UI",
            description: "The shop's order desk",
            authors: ["Ada Lovelace"],
            extensions: { portal: "/portal.html" },
          },
        ),
        files: { "portal.html": { source: ESCAPE_PAGE } },
      };
      for (const b of [
        body,
        appBody("bare", { status }, [], { name: "Bare", extensions: { portal: "/portal.html" } }),
      ]) {
        const put = await api(`/resources/apps/${b.manifest.id}`, owner.token, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(b),
        });
        expect(put.status, await put.clone().text()).toBe(201);
      }
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, owner.email, "/portal");

      // The list.
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Apps" }).click();
      await expect.poll(() => h1(page)).toBe("Apps");
      const row = page.locator("tbody tr", { hasText: "Shop UI" });
      expect(await row.innerText()).toMatch(/shop-ui[\s\S]*The shop's order desk[\s\S]*1[\s\S]*2\s+2/);
      await screenshotWidths(page, "portal-apps");

      // One app: facts, parameters, ingresses with their full URLs.
      await page.getByRole("link", { name: "Shop UI" }).click();
      await expect.poll(() => h1(page)).toBe("Shop UI");
      const main = await page.locator("main").innerText();
      expect(main).toContain("Ada Lovelace");
      const params = page.getByRole("table", { name: "place-order" });
      expect(await params.locator("tr", { hasText: "orderNumber" }).innerText()).toMatch(
        /orderNumber\s+text\s+required/,
      );
      expect(await params.locator("tr", { hasText: "quantity" }).innerText()).toMatch(/quantity\s+number\s+default 1/);
      expect(await params.locator("tr", { hasText: "note" }).innerText()).toMatch(
        /text or nothing\s+optional \(null when absent\)/,
      );
      expect(await params.locator("tr", { hasText: "lines" }).innerText()).toMatch(
        /array of object\s+sku: text, required\s+required/,
      );
      const ingresses = page.getByRole("table", { name: "Ingresses" });
      expect(await ingresses.innerText()).toContain(`${server.url}/ingress/shop-ui/orders`);
      expect(await ingresses.locator("tr", { hasText: "shop-ui/orders" }).innerText()).toMatch(
        /POST[\s\S]*needs ingress\/shop-ui\/orders:invoke[\s\S]*actors\/order:create/,
      );
      expect(await ingresses.getByRole("link").count()).toBe(1); // only the GET ingress opens in a browser
      await screenshotWidths(page, "portal-app");

      // Open an app's ingress: the GET link answers the component's JSON.
      await page.getByRole("link", { name: `${server.url}/ingress/shop-ui/status` }).click();
      await page.waitForURL(`${server.url}/ingress/shop-ui/status`);
      expect(JSON.parse(await page.locator("body").innerText())).toEqual({ open: 3, checkedBy: "status" });
      await page.goBack();

      // The portal page, framed and sandboxed: its content shows, every way out fails.
      await page.getByRole("link", { name: "Open Shop UI's portal page" }).click();
      await expect.poll(() => h1(page)).toBe("Shop UI: portal page");
      expect(await page.locator("iframe").getAttribute("sandbox")).toBe("allow-scripts allow-forms");
      const frame = page.frameLocator('iframe[title="Shop UI\'s portal page"]');
      await expect.poll(() => frame.getByRole("heading", { level: 1 }).innerText()).toBe("Orders today");
      await expect.poll(() => frame.locator("li[data-attempt]").count()).toBe(6);
      const outcomes = await frame.locator("li[data-attempt]").allInnerTexts();
      expect(outcomes.sort()).toEqual([
        expect.stringMatching(/^cookie: blocked \(SecurityError\)$/),
        expect.stringMatching(/^fetch \/portal\/me: blocked \(TypeError\)$/),
        expect.stringMatching(/^fetch \/resources\/me: blocked \(TypeError\)$/),
        expect.stringMatching(/^localStorage: blocked \(SecurityError\)$/),
        expect.stringMatching(/^parent\.document: blocked \(SecurityError\)$/),
        expect.stringMatching(/^top\.location\.href: blocked \(SecurityError\)$/),
      ]);
      // The session's cookies are HttpOnly anyway: no script, sandboxed or not, could read them
      // (only portal_tz, the browser's time zone that portal.js writes, is a script's).
      const cookies = await context.cookies(`${server.url}/portal/apps`);
      expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(["portal_at", "portal_rt", "portal_csrf"]));
      expect(cookies.filter((c) => !c.httpOnly && c.name !== "portal_tz").map((c) => c.name)).toEqual([]);
      await screenshotWidths(page, "portal-app-extension");

      // Opened directly, outside the frame, the page is still sandboxed.
      const direct = await page.goto(`${server.url}/portal/apps/shop-ui/extension/page`);
      expect(direct?.headers()["content-security-policy"]).toBe(SANDBOX_CSP);
      await expect
        .poll(() => page.locator('li[data-attempt="cookie"]').innerText())
        .toBe("cookie: blocked (SecurityError)");

      // An app naming a page it did not ship says so.
      await page.goto(`${server.url}/portal/apps/bare/extension`);
      expect(await page.getByRole("status").innerText()).toContain(
        "names a portal page (/portal.html) that it did not ship",
      );
      expect(await page.locator("iframe").count()).toBe(0);
      await screenshotWidths(page, "portal-app-extension-missing");

      expect(failed).toEqual([]);
      await context.close();
    },
  );

  it.skipIf(skipBrowserTests)(
    "shows someone without apps:read no Apps section, and the API's refusal when they go there anyway",
    async () => {
      const { server } = world;
      const reader = await createPrincipalWithToken(server.t, {
        password: PASSWORD,
        email: "no-apps@example.test",
        acl: ["sendings:read", "me:*"],
      });
      const { context, failed } = await world.newContext();
      const page = await newPage(context);
      await signIn(page, server.url, reader.email, "/portal");
      expect(await page.getByRole("link", { name: "Apps" }).count()).toBe(0);
      const answer = await page.goto(`${server.url}/portal/apps`);
      expect(answer?.status()).toBe(403);
      expect(await page.getByRole("alert").innerText()).toContain("apps:read");
      const framed = await page.goto(`${server.url}/portal/apps/shop-ui/extension/page`);
      expect(framed?.status()).toBe(403);
      await screenshotWidths(page, "portal-apps-refused");
      expect(failed).toEqual([]);
      await context.close();
    },
  );
});
