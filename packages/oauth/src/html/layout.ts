import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { randomToken } from "../util/crypto.ts";

/** Escapes text for HTML element content and quoted attribute values. */
export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.5rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem;font:inherit;border:1px solid #767676;border-radius:4px}
button{font:inherit;padding:.6rem 1.2rem;margin:1.25rem .5rem 0 0;border-radius:4px;border:1px solid #0b57d0;
  background:#0b57d0;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b57d0}
button.link{background:none;border:none;color:#0b57d0;text-decoration:underline;padding:0;margin:0}
.sign-out{margin:0}
:focus-visible{outline:3px solid #f9a825;outline-offset:2px}
.alert{padding:.75rem;border-radius:4px;background:#fdecea;color:#8a1c14;border:1px solid #f5c2bd}
code{font-size:.85em;color:#555}`;

/**
 * An HTML page of the authorization server: no scripts, styles only with this response's
 * nonce, never framed (CSP frame-ancestors and X-Frame-Options), never cached.
 */
export const sendPage = (c: Context, status: ContentfulStatusCode, title: string, body: string) => {
  const nonce = randomToken(16);
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'`,
  );
  c.header("X-Frame-Options", "DENY");
  c.header("Cache-Control", "no-store");
  // (The gateway adds the same two to every answer; an answer's own values are kept, so these hold wherever it runs.)
  c.header("Referrer-Policy", "no-referrer");
  return c.html(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`,
    status,
  );
};

/** A hidden form field, its value escaped. */
export const hiddenInput = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${esc(value)}">`;

/** The authorization request's parameters, carried through the login and consent forms. */
export const hiddenRequest = (csrf: string, request: string) =>
  `${hiddenInput("csrf", csrf)}\n${hiddenInput("request", request)}`;
