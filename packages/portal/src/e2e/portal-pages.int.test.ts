import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenshotWidths, skipBrowserTests } from "@platform/http/testing/browser";
import { appBody, componentSource } from "@platform/apps/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { orderBody } from "@platform/orders/testing";
import { PASSWORD, newPage, signIn, startPortalWorld } from "./portal-browser.ts";
import type { PortalWorld } from "./portal-browser.ts";

let world: PortalWorld;
beforeAll(async () => {
  world = await startPortalWorld();
});
afterAll(() => world?.close());

describe("every portal page", () => {
  it.skipIf(skipBrowserTests)(
    "loads with the network cut off (no request fails, no script error), with one h1, a label " +
      "for every field, a skip link first, at 1280 and 390 pixels",
    async () => {
      const { server } = world;
      const { context, failed } = await world.newContext();
      const admin = await createPrincipalWithToken(server.t, {
        roles: ["system:owner"],
        password: PASSWORD,
        email: "pages@example.test",
        name: "Page Turner",
      });
      const page = await newPage(context);
      const scriptErrors: string[] = [];
      page.on("pageerror", (e) => scriptErrors.push(e.message));
      page.on("console", (m) => (m.type() === "error" ? scriptErrors.push(m.text()) : undefined));
      // One of each record a detail page shows: a sending, an order, an app with a job definition and its portal page,
      // a job.
      const send = (method: string, path: string, body: unknown) =>
        world
          .api(path, admin.token, {
            method,
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify(body),
          })
          .then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
      const sending = await send("POST", "/resources/sendings/email", {
        to: "someone@example.test",
        subject: "Hi",
        body: { plainText: "x" },
        category: "pages",
      });
      const order = await send("POST", "/resources/actors/order/new", [{ type: "create", body: orderBody("PAGES-1") }]);
      const app = appBody(
        "pages-app",
        { hello: componentSource("return { hello: params.name };", '{ name: { type: "text", default: "world" } }') },
        [{ route: "pages-app/hello", httpMethod: "GET" }],
        {
          extensions: { portal: "/portal.html" },
          jobDefinitions: [
            { id: "nightly", componentId: "hello", schedules: [{ cron: "0 3 1 * *", timeZone: "Europe/Berlin" }] },
          ],
        },
      );
      const installed = await send("PUT", "/resources/apps/pages-app", {
        ...app,
        files: { "portal.html": { source: "<!doctype html><title>Pages</title><p>Hello from the app</p>" } },
      });
      const job = await send("POST", "/resources/jobs", {
        jobDefinitionId: "apps/pages-app/nightly",
        runAt: "2099-01-01T00:00:00Z",
      });
      expect([sending.status, order.status, installed.status, job.status]).toEqual([202, 200, 201, 201]);
      const sendingId = (sending.body.sendings as { sendingId: string }[])[0]!.sendingId;
      const orderId = (order.body.actor as { id: string }).id;
      await signIn(page, server.url, admin.email, "/portal");
      const pages = [
        ["home", "/portal"],
        ["my-account", "/portal/me"],
        ["my-password", "/portal/me/password"],
        ["principals-list", "/portal/principals"],
        ["principal-new", "/portal/principals/new"],
        ["principal-detail", `/portal/principals/${admin.principalId}`],
        ["clients-list", "/portal/clients"],
        ["client-new", "/portal/clients/new"],
        ["client-detail", "/portal/clients/portal"],
        ["roles-list", "/portal/roles"],
        ["role-detail", "/portal/roles/system:portal:full"],
        ["sendings-list", "/portal/sendings"],
        ["sending-detail", `/portal/sendings/${sendingId}`],
        ["orders-list", "/portal/orders"],
        ["actor-journal", `/portal/actors/order/${orderId}`],
        ["apps-list", "/portal/apps"],
        ["app-detail", "/portal/apps/pages-app"],
        ["app-extension", "/portal/apps/pages-app/extension"],
        ["job-definitions", "/portal/job-definitions"],
        ["job-definition", "/portal/job-definitions/apps/pages-app/nightly"],
        ["jobs-list", "/portal/jobs"],
        ["job-detail", `/portal/jobs/${job.body.jobId as string}`],
        ["job-statistics", "/portal/jobs/statistics"],
      ] as const;
      for (const [name, path] of pages) {
        const answer = await page.goto(`${server.url}${path}`);
        expect(answer?.status(), path).toBe(200);
        expect(decodeURIComponent(new URL(page.url()).pathname), path).toBe(path);
        expect(await page.locator("h1").count(), path).toBe(1);
        // Every visible form field is named by a label (or aria-label).
        const unlabelled = await page
          .locator("input:not([type=hidden]), select, textarea")
          .evaluateAll((els) =>
            els
              .filter(
                (el) =>
                  !(el as unknown as { labels: { length: number } | null }).labels?.length &&
                  !el.getAttribute("aria-label"),
              )
              .map((el) => el.outerHTML),
          );
        expect(unlabelled, path).toEqual([]);
        await screenshotWidths(page, `portal-page-${name}`);
        // The first Tab lands on the skip link.
        await page.keyboard.press("Tab");
        expect((await page.locator(":focus").innerText()).trim(), path).toBe("Skip to content");
      }
      expect(failed).toEqual([]);
      expect(scriptErrors).toEqual([]);
      await context.close();
    },
    // Every page at two widths in a real browser: about 30 s on a loaded two-core machine, over the default timeout.
    90_000,
  );

  it("sends a browser without a session to sign in, and keeps where it was going", async () => {
    const res = await fetch(`${world.server.url}/portal/principals?search=x`, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/portal/login?next=%2Fportal%2Fprincipals");
    const login = await fetch(`${world.server.url}/portal/login?next=//evil.example/x`, { redirect: "manual" });
    const flow = login.headers.get("set-cookie")!;
    expect(Buffer.from(flow.split(";")[0]!.split(".")[2]!, "base64url").toString()).toBe("/portal");
    expect(login.headers.get("location")).toMatch(
      new RegExp(
        "^/oauth/authorize\\?response_type=code&client_id=portal" +
          "&redirect_uri=http%3A%2F%2Flocalhost%3A\\d+%2Fportal%2Fcallback" +
          "&state=[\\w-]{22}&code_challenge=[\\w-]{43}&code_challenge_method=S256$",
      ),
    );
  });

  it("refuses a portal form posted without this browser's CSRF token, or from another origin", async () => {
    const admin = await createPrincipalWithToken(world.server.t, { roles: ["system:owner"], password: PASSWORD });
    const cookie = `portal_at=${admin.token}; portal_csrf=abc123abc123abc123abc123`;
    const post = (body: string, origin?: string) =>
      fetch(`${world.server.url}/portal/roles`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(origin ? { Origin: origin } : {}),
        },
        body,
      });
    expect((await post("key=x:y&acl=iam/principals:read")).status).toBe(403);
    expect((await post("key=x:y&acl=iam/principals:read&csrf=wrong-token-wrong-token0")).status).toBe(403);
    expect(
      (await post("key=x:y&acl=iam/principals:read&csrf=abc123abc123abc123abc123", "https://evil.example")).status,
    ).toBe(403);
    expect((await world.api("/resources/iam/roles/x:y", admin.token)).status).toBe(404);
    const ok = await post("key=x:y&acl=iam/principals:read&csrf=abc123abc123abc123abc123", world.server.url);
    expect(ok.status).toBe(303);
    expect((await world.api("/resources/iam/roles/x:y", admin.token)).status).toBe(200);
  });

  it(
    "refuses a form field holding NUL (400) and a form that is not urlencoded (415) with a page " +
      "saying so, and acts on neither",
    async () => {
      const admin = await createPrincipalWithToken(world.server.t, { roles: ["system:owner"], password: PASSWORD });
      const cookie = `portal_at=${admin.token}; portal_csrf=abc123abc123abc123abc123`;
      const post = (body: string, type = "application/x-www-form-urlencoded") =>
        fetch(`${world.server.url}/portal/roles`, {
          method: "POST",
          redirect: "manual",
          headers: { Cookie: cookie, "Content-Type": type, Origin: world.server.url },
          body,
        });
      const nul = await post("key=n:ul&acl=iam/principals:read%00&csrf=abc123abc123abc123abc123");
      expect([nul.status, nul.headers.get("content-type")]).toEqual([400, "text/html; charset=UTF-8"]);
      expect(await nul.text()).toContain(
        "A field holds text that cannot be stored (NUL or an unpaired surrogate character).",
      );
      const multipart = await post(
        '--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nm:p\r\n--x--\r\n',
        "multipart/form-data; boundary=x",
      );
      expect(multipart.status).toBe(415);
      expect(await multipart.text()).toContain("Portal forms are posted as application/x-www-form-urlencoded.");
      const garbled = await post("garbage", "multipart/form-data; boundary=x");
      expect(garbled.status).toBe(415);
      for (const key of ["n:ul", "m:p"])
        expect((await world.api(`/resources/iam/roles/${key}`, admin.token)).status).toBe(404);
    },
  );
});
