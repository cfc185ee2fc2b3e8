import { expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { gatewayContext } from "@platform/http";
import { startTestServer } from "@platform/http/testing";
import type { TestServer } from "@platform/http/testing";
import { launchChromium, offlineExcept, skipBrowserTests } from "@platform/http/testing/browser";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { iamTestContext } from "@platform/iam/testing";
import { jobsContext } from "@platform/jobs";
import { oauthContext } from "@platform/oauth";
import { ordersContext } from "@platform/orders";
import { sendingsContext } from "@platform/sendings";
import type { BoundedContext } from "@platform/host";
import { portalContext } from "../index.ts";

/** Every context a portal page reads, as the service mounts them (services/gateway's list, IAM hashing cheaply). */
export const PORTAL_TEST_CONTEXTS: readonly BoundedContext[] = [
  iamTestContext(),
  oauthContext,
  sendingsContext,
  ordersContext,
  actorsContext,
  appsContext,
  jobsContext,
  portalContext,
  // Provides the gateway port the portal calls the API through.
  gatewayContext,
];

export const PASSWORD = "correct horse battery staple 42";

/** The portal's tests' world: the service (IAM, OAuth, portal) on a real port and a Chromium. */
export type PortalWorld = {
  readonly server: TestServer;
  readonly browser: Browser | undefined;
  /** A browser profile cut off every network but the server's; `failed` lists any request that was not served. */
  newContext(): Promise<{ context: BrowserContext; failed: string[] }>;
  /** The API with a bearer token, over HTTP. */
  api(path: string, token: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

export const startPortalWorld = async (
  contexts: readonly BoundedContext[] = PORTAL_TEST_CONTEXTS,
  env: Record<string, string> = {},
): Promise<PortalWorld> => {
  const server = await startTestServer([...contexts], env);
  const browser = skipBrowserTests ? undefined : await launchChromium();
  return {
    server,
    browser,
    newContext: async () => {
      const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } });
      const network = await offlineExcept(context, server.url);
      return { context, failed: network.failed };
    },
    api: (path, token, init = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      }),
    close: async () => {
      await browser?.close();
      await server.close();
    },
  };
};

/** A page that accepts every confirm() and fails fast. */
export const newPage = async (context: BrowserContext): Promise<Page> => {
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
};

/** Opens `next`, signs in through the OAuth sign-in page, and lands back on `next`. */
export const signIn = async (page: Page, origin: string, email: string, next = "/portal", password = PASSWORD) => {
  await page.goto(`${origin}${next}`);
  expect(new URL(page.url()).pathname).toBe("/oauth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname.startsWith("/portal") && u.pathname !== "/portal/callback");
};

export const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).innerText();

/** A table's body rows, found by its accessible name (exactly), each as the text of its first `first` cells. */
export const tableCells = (page: Page, name: string, first?: number) =>
  page
    .getByRole("table", { name, exact: true })
    .locator("tbody tr")
    .evaluateAll(
      (rows, n) =>
        rows.map((r) => [...r.querySelectorAll("td")].slice(0, n ?? undefined).map((td) => td.textContent!.trim())),
      first ?? null,
    );
