import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchChromium, skipBrowserTests } from "@platform/http/testing/browser";
import { freshStorage, startServiceProcess } from "./support/service-process.ts";
import type { ServiceProcess } from "./support/service-process.ts";

const dataDir = mkdtempSync(join(tmpdir(), "platform-portal-address-"));
const owner = { BOOTSTRAP_OWNER_EMAIL: "owner@example.com", BOOTSTRAP_OWNER_PASSWORD: "Tr1cky-Bootstrap-Key" };
let storage: Awaited<ReturnType<typeof freshStorage>> | undefined;
let service: ServiceProcess | undefined;
let browser: Browser | undefined;

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  await storage?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A new user starts the service as the README says (no PUBLIC_URL) and opens the portal at
 * the address the start prints, http://127.0.0.1:<port>, though the OAuth issuer is
 * http://localhost:<port>.
 */
describe.skipIf(skipBrowserTests)("the portal at the address the start prints", () => {
  it("signs the owner in at http://127.0.0.1:<port>/portal with no PUBLIC_URL set", { timeout: 120_000 }, async () => {
    storage = await freshStorage(dataDir);
    service = await startServiceProcess({ ...storage.env, ...owner, PUBLIC_URL: "" });
    const printed = new URL(service.url);
    expect(printed.hostname).toBe("127.0.0.1");
    const publicOrigin = `http://localhost:${printed.port}`;
    // The start prints the portal's line just after "Listening on", in a write of its own.
    await expect.poll(() => service!.output()).toContain(`Portal:        ${publicOrigin}/portal`);

    browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${service.url}/portal`);
    // Sent to the portal's one address before the sign-in set anything on 127.0.0.1.
    expect(new URL(page.url()).origin).toBe(publicOrigin);
    expect(new URL(page.url()).pathname).toBe("/oauth/login");
    await page.getByLabel("Email").fill(owner.BOOTSTRAP_OWNER_EMAIL);
    await page.getByLabel("Password").fill(owner.BOOTSTRAP_OWNER_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/portal");
    expect(page.url()).toBe(`${publicOrigin}/portal`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toMatch(/^Welcome, /);
    await expect(page.getByRole("button", { name: "Sign out" }).count()).resolves.toBe(1);

    // A deep link keeps its path and query; the API is not redirected.
    const deep = await fetch(`${service.url}/portal/jobs?status=failed`, { redirect: "manual" });
    expect([deep.status, deep.headers.get("location")]).toEqual([302, `${publicOrigin}/portal/jobs?status=failed`]);
    expect((await fetch(`${service.url}/healthz`, { redirect: "manual" })).status).toBe(200);

    // A sign-in that reaches the callback without its cookie says where the portal is.
    const astray = await fetch(`${publicOrigin}/portal/callback?state=s&code=c`);
    expect(astray.status).toBe(400);
    const text = await astray.text();
    expect(text).toContain("This sign-in was started at another address than the portal&#39;s, or it has expired.");
    expect(text).toContain(`<a href="${publicOrigin}/portal">${publicOrigin}/portal</a>`);
  });
});
