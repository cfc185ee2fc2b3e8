import type { Context } from "hono";
import type { BrowserSession } from "../browser/browser-sessions.ts";
import type { OAuthServices } from "../services.ts";
import type { AuthorizationRequest } from "./authorization-request.ts";
import { redirectTo } from "./authorization-request.ts";

/** Issues the authorization code and sends the browser back to the client: 302 with code, state and iss. */
export const redirectWithCode = async (
  c: Context,
  s: OAuthServices,
  req: AuthorizationRequest,
  session: BrowserSession,
) => {
  const code = await s.codes.issue({
    clientId: req.client.id,
    redirectUri: req.redirectUri,
    principalId: session.principalId,
    scope: req.scope,
    codeChallenge: req.codeChallenge,
    nonce: req.nonce,
    authTime: session.authTime,
    passwordChangeRequired: session.passwordChangeRequired,
    browserSessionId: session.id,
    description: (c.req.header("User-Agent") ?? "").slice(0, 200) || `${req.client.name} (authorization code)`,
  });
  // A sign-in with a temporary password is good for one authorization: once the password is
  // changed the flag would be stale, so the browser must sign in again with the new one.
  if (session.passwordChangeRequired) await s.browserSessions.signOut(c);
  c.header("Cache-Control", "no-store");
  return c.redirect(redirectTo(req.redirectUri, { code, state: req.state }, s.issuer), 302);
};

/**
 * A POSTed form must come from our own pages: Origin, when the browser names one, must be
 * ours. Absent, or "null" (what browsers send under `Referrer-Policy: no-referrer`), leaves it
 * to the CSRF token, which is always required.
 */
export const sameOrigin = (c: Context, issuer: string): boolean => {
  const origin = c.req.header("Origin");
  if (!origin || origin === "null") return true;
  return origin === new URL(issuer).origin || origin === new URL(c.req.url).origin;
};
