import type { Context } from "hono";
import { esc, hiddenRequest, sendPage } from "./layout.ts";

/** The sign-in form: labelled fields, the error announced to screen readers, keyboard-only usable. */
export const loginPage = (
  c: Context,
  p: { readonly csrf: string; readonly request: string; readonly clientName: string; readonly email?: string; readonly error?: string; readonly status?: 200 | 400 | 403 | 429 },
) =>
  sendPage(
    c,
    p.status ?? 200,
    "Sign in",
    `<h1>Sign in</h1>
<p>to continue to <strong>${esc(p.clientName)}</strong></p>
${p.error ? `<p class="alert" role="alert" id="login-error">${esc(p.error)}</p>` : ""}
<form method="post" action="login">
${hiddenRequest(p.csrf, p.request)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${esc(p.email ?? "")}"${p.error ? ' aria-describedby="login-error"' : ""}${p.email ? "" : " autofocus"}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${p.email ? " autofocus" : ""}>
<button type="submit">Sign in</button>
</form>`,
  );

const SCOPE_TEXT: Record<string, string> = {
  openid: "Confirm who you are",
  profile: "See your name and profile picture",
  email: "See your email address",
  offline_access: "Keep access while you are away",
};

const describe = (scope: string) => {
  const known = Object.hasOwn(SCOPE_TEXT, scope) ? SCOPE_TEXT[scope] : undefined;
  if (known) return esc(known);
  if (scope === "*" || scope === "*:*") return `Full access to everything you can do <code>${esc(scope)}</code>`;
  const i = scope.lastIndexOf(":");
  const what = i > 0 ? `${scope.slice(i + 1) === "*" ? "Everything" : esc(scope.slice(i + 1))} on ${esc(scope.slice(0, i))}` : esc(scope);
  return `${what} <code>${esc(scope)}</code>`;
};

/** The consent form: the requested scopes, Allow and Deny as submit buttons named `decision`. */
export const consentPage = (c: Context, p: { readonly csrf: string; readonly request: string; readonly clientName: string; readonly scope: readonly string[] | null }) =>
  sendPage(
    c,
    200,
    "Allow access?",
    `<h1>Allow access?</h1>
<p><strong>${esc(p.clientName)}</strong> asks to:</p>
<ul id="scopes">
${p.scope === null ? "<li>Act on your behalf with everything you can do</li>" : p.scope.map((s) => `<li>${describe(s)}</li>`).join("\n")}
</ul>
<form method="post" action="consent">
${hiddenRequest(p.csrf, p.request)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );

/** A request that cannot be sent back to the client (unknown client, unregistered redirect URI). */
export const errorPage = (c: Context, message: string, status: 400 | 403 = 400) =>
  sendPage(c, status, "Cannot continue", `<h1>Cannot continue</h1>\n<p class="alert" role="alert">${esc(message)}</p>\n<p>Return to the application and try again.</p>`);
