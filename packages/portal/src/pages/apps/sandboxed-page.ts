import type { Context } from "hono";
import { APP_PAGE_CSP } from "@platform/apps";

/** The iframe's `sandbox` attribute: scripts and forms, never allow-same-origin. */
export const FRAME_SANDBOX = "allow-scripts allow-forms";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Sends HTML for the frame, sandboxed with the headers the API sends the page with (the apps
 * context's APP_PAGE_CSP): `sandbox` without allow-same-origin puts it in an opaque origin even
 * when opened outside the frame, so it cannot read the portal's cookies, storage or DOM, and
 * `default-src 'none'` keeps it from calling the portal or the API. Only the service's own
 * pages may frame it.
 */
export const sendSandboxed = (c: Context, html: string, status: 200 | 403 | 404 | 400 = 200) =>
  c.body(html, status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": APP_PAGE_CSP,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
  });

/** A refusal shown inside the frame: plain text in a minimal page. */
export const sandboxedMessage = (message: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>No page</title><p>${escape(message)}</p></html>`;
