import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { JSX } from "hono/jsx/jsx-runtime";

/** Only the portal's own files; no inline script or style; never framed; forms post only here. */
const PORTAL_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src " +
  "'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'";

/** Sends a rendered page: HTML5 doctype, the portal's CSP, never cached (pages show private data). */
export const render = async (c: Context, page: JSX.Element, status: ContentfulStatusCode = 200) => {
  c.header("Content-Security-Policy", PORTAL_CSP);
  c.header("Cache-Control", "no-store");
  return c.html(`<!doctype html>${await page.toString()}`, status);
};
