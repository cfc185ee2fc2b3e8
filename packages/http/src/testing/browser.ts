import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";
import type { Browser, BrowserContext, Page } from "playwright-core";

/** Debian's Chromium (`apt-get install chromium`), or CHROMIUM_PATH. No browser is downloaded. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const missing = !existsSync(chromiumPath);
const INSTALL_HINT = "Install it (apt-get install -y chromium) or set CHROMIUM_PATH.";

/**
 * Browser tests run whenever Chromium is here. Without it they are skipped with a warning
 * on a developer's machine, and fail in CI (`CI` set): there they are never silently skipped.
 * `npm test` installs Debian's Chromium first when it can (scripts/ensure-install.mjs).
 */
export const skipBrowserTests = missing && !process.env.CI;

if (missing)
  process.stderr.write(
    skipBrowserTests
      ? `\nWARNING: no Chromium at ${chromiumPath}: the browser tests are SKIPPED. ${INSTALL_HINT}\n`
      : `\nERROR: no Chromium at ${chromiumPath} and CI is set: the browser tests FAIL. ${INSTALL_HINT}\n`,
  );

/** Headless Chromium with nothing of its own on the network (no updates, sync or background fetches). */
export const launchChromium = async (): Promise<Browser> => {
  if (missing)
    throw new Error(
      `No Chromium at ${chromiumPath}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`,
    );
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
};

/**
 * Cuts the browser context off every network but `origin` (the test server): any other
 * request is aborted and recorded, and so is any request that fails. A page that needs a
 * CDN, a web font or an analytics beacon shows up in the returned list.
 */
export const offlineExcept = async (
  context: BrowserContext,
  origin: string,
): Promise<{ readonly failed: string[] }> => {
  const failed: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin || url.startsWith("data:")) return route.continue();
    failed.push(`blocked ${url}`);
    return route.abort("internetdisconnected");
  });
  context.on("requestfailed", (request) => {
    const url = request.url();
    const error = request.failure()?.errorText ?? "?";
    // ERR_ABORTED: the page moved on before the request finished (a favicon when the test
    // navigates at once); the server was not asked in vain, so it is no failure here.
    if (error === "net::ERR_ABORTED" || failed.includes(`blocked ${url}`)) return;
    failed.push(`failed ${url}: ${error}`);
  });
  return { failed };
};

/** Where test runs write screenshots (not committed: test-output/ is ignored). */
export const screenshotDir = resolve(process.env.SCREENSHOT_DIR ?? "test-output/screenshots");

/**
 * Full-page screenshots of `page` at 1280 and 390 pixels wide (desktop and phone), written
 * to test-output/screenshots/<name>-<width>.png; their paths are printed and returned.
 */
export const screenshotWidths = async (
  page: Page,
  name: string,
  widths: readonly number[] = [1280, 390],
): Promise<string[]> => {
  mkdirSync(screenshotDir, { recursive: true });
  const before = page.viewportSize();
  const paths: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    const path = join(screenshotDir, `${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    paths.push(path);
  }
  if (before) await page.setViewportSize(before);
  process.stdout.write(`screenshots: ${paths.join(" ")}\n`);
  return paths;
};
