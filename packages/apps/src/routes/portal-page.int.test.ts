import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, appsTestPlatform, componentSource } from "../testing/index.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await appsTestPlatform();
});
afterAll(() => t.close());

const hello = componentSource('return "hello";');
const PAGE = "<!doctype html><title>Orders today</title><p>Orders today: 3</p>";
const CSP =
  "sandbox allow-scripts allow-forms; default-src 'none'; script-src 'unsafe-inline'; " +
  "style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

/** An app whose manifest names `/portal.html`, shipping `files` when given. */
const withPage = (appId: string, files?: Record<string, unknown>) => ({
  ...appBody(appId, { hello }, [], { extensions: { portal: "/portal.html" } }),
  ...(files ? { files } : {}),
});
const put = (body: { manifest: { id: string }; files?: unknown }, token = "admin") =>
  t.request("PUT", `/resources/apps/${body.manifest.id}`, { token, body });
const portalPage = (appId: string, token = "admin") =>
  t.request("GET", `/resources/apps/${appId}/portal-page`, { token });

describe("an app's portal page (files)", () => {
  it("stores the page extensions.portal names and serves it sandboxed as text/html", async () => {
    const r = await put(withPage("paged", { "/portal.html": { source: PAGE } }));
    expect(r.status).toBe(201);
    const page = await portalPage("paged");
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("Content-Security-Policy")).toBe(CSP);
    expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toBe(PAGE);
    expect((await portalPage("paged", "reader")).status).toBe(200);
  });

  it("records the page in the journal, and an upgrade replaces it (or drops it when not shipped)", async () => {
    expect((await put(withPage("upgraded", { "portal.html": { source: "<p>one</p>" } }))).status).toBe(201);
    expect((await put(withPage("upgraded", { "portal.html": { source: "<p>one</p>" } }))).status).toBe(200);
    expect((await put(withPage("upgraded", { "portal.html": { source: "<p>two</p>" } }))).status).toBe(200);
    expect(await (await portalPage("upgraded")).text()).toBe("<p>two</p>");
    const journal = await json(await t.request("GET", "/resources/apps/upgraded/journal", { token: "admin" }));
    expect(journal.events.map((e: { type: string; data: { files?: unknown } }) => [e.type, e.data.files])).toEqual([
      ["AppInstalled", { "portal.html": { source: "<p>one</p>" } }],
      ["AppUpgraded", { "portal.html": { source: "<p>two</p>" } }],
    ]);
    expect((await put(withPage("upgraded"))).status).toBe(200);
    expect((await portalPage("upgraded")).status).toBe(404);
  });

  it("accepts a manifest naming a page it does not ship; the page answers 404 in the error envelope", async () => {
    expect((await put(withPage("pageless"))).status).toBe(201);
    const r = await portalPage("pageless");
    expect(r.status).toBe(404);
    expect(await json(r)).toEqual({ error: { code: "NOT_FOUND", message: "App pageless has no portal page" } });
    expect((await portalPage("never-installed")).status).toBe(404);
  });

  it("refuses any other file, naming it, and a page over 256 KiB or of unstorable text", async () => {
    const wrong = await put(withPage("wrong", { "portal.html": { source: PAGE }, "other.html": { source: PAGE } }));
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [
        { path: "files.other.html", message: "is not the page manifest.extensions.portal names ('portal.html')" },
      ],
    });

    const noExtension = await put({ ...appBody("noext", { hello }), files: { "portal.html": { source: PAGE } } });
    expect(noExtension.status).toBe(400);
    expect((await json(noExtension)).error.details).toEqual([
      {
        path: "files.portal.html",
        message: "is not a file of this app: only the page manifest.extensions.portal names may be shipped",
      },
    ]);

    const big = await put(withPage("big", { "portal.html": { source: "é".repeat(128 * 1024 + 1) } }));
    expect(big.status).toBe(400);
    expect((await json(big)).error.details).toEqual([
      { path: "files.portal.html.source", message: "must be at most 262144 bytes (256 KiB) of UTF-8" },
    ]);

    const notText = await put(withPage("nottext", { "portal.html": { source: 42 } }));
    expect((await json(notText)).error.details).toEqual([
      { path: "files.portal.html.source", message: "must be the file's text" },
    ]);
    for (const appId of ["wrong", "noext", "big", "nottext"])
      expect((await t.request("GET", `/resources/apps/${appId}`, { token: "admin" })).status).toBe(404);
  });

  it("needs apps:read", async () => {
    await put(withPage("guarded", { "portal.html": { source: PAGE } }));
    const r = await portalPage("guarded", "nobody");
    expect(r.status).toBe(403);
    expect((await json(r)).error.code).toBe("FORBIDDEN");
    expect((await t.request("GET", "/resources/apps/guarded/portal-page")).status).toBe(401);
  });
});
