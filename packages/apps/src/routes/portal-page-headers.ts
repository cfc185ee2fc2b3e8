/**
 * The headers an app's portal page is served with. `sandbox` without allow-same-origin runs it
 * in an opaque origin even when opened directly: it cannot read the service's cookies, storage
 * or another page's DOM, and `default-src 'none'` keeps it from calling the API. It may be
 * framed by the service's own pages only.
 */
export const APP_PAGE_CSP =
  "sandbox allow-scripts allow-forms; default-src 'none'; script-src 'unsafe-inline'; " +
  "style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

export const appPageHeaders = (): Record<string, string> => ({
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": APP_PAGE_CSP,
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
});
