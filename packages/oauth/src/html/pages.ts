import type { Context } from "hono";
import { esc, hiddenInput, hiddenRequest, sendPage } from "./layout.ts";

/**
 * A small "Sign out" form (POST /oauth/logout, CSRF-protected); with `request`, the browser then goes back to sign in
 * for it.
 */
export const signOutForm = (csrf: string, request?: string) => {
  const carried = request === undefined ? "" : `\n${hiddenInput("request", request)}`;
  return `<form method="post" action="logout" class="sign-out">
${hiddenInput("csrf", csrf)}${carried}
<button type="submit" class="link">Sign out</button>
</form>`;
};

/**
 * The sign-in form: labelled fields, the error announced to screen readers, keyboard-only usable. `signedIn`: a browser
 * session exists (prompt=login), so sign-out is offered too.
 */
export const loginPage = (
  c: Context,
  p: {
    readonly csrf: string;
    readonly request: string;
    readonly clientName: string;
    readonly email?: string;
    readonly error?: string;
    readonly status?: 200 | 400 | 403 | 429;
    readonly signedIn?: boolean;
  },
) => {
  const emailInput =
    `<input id="email" name="email" type="email" autocomplete="username" required value="${esc(p.email ?? "")}"` +
    `${p.error ? ' aria-describedby="login-error"' : ""}${p.email ? "" : " autofocus"}>`;
  const passwordFocus = p.email ? " autofocus" : "";
  return sendPage(
    c,
    p.status ?? 200,
    "Sign in",
    `<h1>Sign in</h1>
<p>to continue to <strong>${esc(p.clientName)}</strong></p>
${p.error ? `<p class="alert" role="alert" id="login-error">${esc(p.error)}</p>` : ""}
<form method="post" action="login">
${hiddenRequest(p.csrf, p.request)}
<label for="email">Email</label>
${emailInput}
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${passwordFocus}>
<button type="submit">Sign in</button>
</form>${p.signedIn ? `\n<p>Already signed in on this browser?</p>\n${signOutForm(p.csrf)}` : ""}`,
  );
};

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
  const what =
    i > 0
      ? `${scope.slice(i + 1) === "*" ? "Everything" : esc(scope.slice(i + 1))} on ${esc(scope.slice(0, i))}`
      : esc(scope);
  return `${what} <code>${esc(scope)}</code>`;
};

/** The consent form: the requested scopes, Allow and Deny as submit buttons named `decision`. */
export const consentPage = (
  c: Context,
  p: {
    readonly csrf: string;
    readonly request: string;
    readonly clientName: string;
    readonly scope: readonly string[] | null;
  },
) => {
  const scopeItems =
    p.scope === null
      ? "<li>Act on your behalf with everything you can do</li>"
      : p.scope.map((s) => `<li>${describe(s)}</li>`).join("\n");
  return sendPage(
    c,
    200,
    "Allow access?",
    `<h1>Allow access?</h1>
<p><strong>${esc(p.clientName)}</strong> asks to:</p>
<ul id="scopes">
${scopeItems}
</ul>
<form method="post" action="consent">
${hiddenRequest(p.csrf, p.request)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>
<p>Not you?</p>
${signOutForm(p.csrf, p.request)}`,
  );
};

const SIGN_OUT_EXPLAINED =
  "You are signed in on this browser. Signing out ends that: " +
  "the next application that asks will need your password again.";

/**
 * GET /oauth/logout to a signed-in browser: asks before signing out (a link cannot sign anyone out; the form carries
 * the CSRF token).
 */
export const logoutPage = (
  c: Context,
  p: {
    readonly csrf: string;
    readonly postLogout?: {
      readonly clientId: string;
      readonly redirectUri: string;
      readonly state: string | undefined;
    };
  },
) => {
  const target = p.postLogout;
  const carried = target
    ? [
        "",
        hiddenInput("client_id", target.clientId),
        hiddenInput("post_logout_redirect_uri", target.redirectUri),
        ...(target.state === undefined ? [] : [hiddenInput("state", target.state)]),
      ].join("\n")
    : "";
  return sendPage(
    c,
    200,
    "Sign out",
    `<h1>Sign out?</h1>
<p>${SIGN_OUT_EXPLAINED}</p>
<form method="post" action="logout">
<input type="hidden" name="csrf" value="${esc(p.csrf)}">${carried}
<button type="submit">Sign out</button>
</form>`,
  );
};

/** After sign-out (or when nobody was signed in). */
export const signedOutPage = (c: Context) =>
  sendPage(
    c,
    200,
    "Signed out",
    `<h1>You are signed out</h1>\n<p role="status">Nobody is signed in on this browser. You can close this window.</p>`,
  );

/** A request that cannot be sent back to the client (unknown client, unregistered redirect URI). */
export const errorPage = (c: Context, message: string, status: 400 | 403 = 400) =>
  sendPage(
    c,
    status,
    "Cannot continue",
    [
      "<h1>Cannot continue</h1>",
      `<p class="alert" role="alert">${esc(message)}</p>`,
      "<p>Return to the application and try again.</p>",
    ].join("\n"),
  );
