import { Hono } from "hono";
import type { Context } from "hono";
import { checkAuthorizationRequest, errorRedirect } from "../authorize/authorization-request.ts";
import type { AuthorizationRequest } from "../authorize/authorization-request.ts";
import { redirectWithCode } from "../authorize/complete.ts";
import type { BrowserSession } from "../browser/browser-sessions.ts";
import { consentPage, errorPage } from "../html/pages.ts";
import type { OAuthServices } from "../services.ts";

/** The signed-in browser session, if its principal may still sign in (suspension ends it). */
export const activeSession = async (c: Context, s: OAuthServices): Promise<BrowserSession | undefined> => {
  const session = await s.browserSessions.current(c);
  if (session && !(await s.iam().principalActive(session.principalId))) {
    await s.browserSessions.signOut(c);
    return undefined;
  }
  return session;
};

/**
 * After sign-in (or with a live session): straight back with a code if consent covers the
 * scopes or the client is built in (first-party, as an identity provider's own console is),
 * else the consent page.
 */
const continueAuthorization = async (
  c: Context,
  s: OAuthServices,
  req: AuthorizationRequest,
  session: BrowserSession,
) => {
  const consented =
    !req.prompt.includes("consent") &&
    (req.client.builtIn || (await s.consents.covers(session.principalId, req.client.id, req.scope)));
  if (consented) return redirectWithCode(c, s, req, session);
  if (req.prompt.includes("none"))
    return c.redirect(
      errorRedirect(req.redirectUri, "consent_required", "Consent is required", req.state, s.issuer),
      302,
    );
  return consentPage(c, { csrf: s.csrf.token(c), request: req.query, clientName: req.client.name, scope: req.scope });
};

/**
 * GET /oauth/authorize (RFC 6749 §4.1.1). An untrustworthy request (client, redirect URI)
 * gets an HTML error page, never a redirect; without a signed-in browser → 303 to the
 * login page, carrying the request along.
 */
export const authorizeRoutes = (s: () => OAuthServices) =>
  new Hono().get("/oauth/authorize", async (c) => {
    const services = s();
    const query = new URL(c.req.url).search.replace(/^\?/, "");
    const checked = await checkAuthorizationRequest(services.iam(), query, services.issuer);
    if (checked.kind === "page") return errorPage(c, checked.message);
    if (checked.kind === "redirect") return c.redirect(checked.location, 302);
    const req = checked.request;
    const signedIn = req.prompt.includes("login") ? undefined : await activeSession(c, services);
    // max_age: a sign-in older than that counts as none (OpenID Connect Core 3.1.2.1).
    const session =
      signedIn &&
      req.maxAge !== undefined &&
      services.clock.now().getTime() - signedIn.authTime.getTime() > req.maxAge * 1000
        ? undefined
        : signedIn;
    if (!session) {
      if (req.prompt.includes("none"))
        return c.redirect(
          errorRedirect(req.redirectUri, "login_required", "The user is not signed in", req.state, services.issuer),
          302,
        );
      c.header("Cache-Control", "no-store");
      return c.redirect(`${services.baseUrl}/oauth/login?${req.query}`, 303);
    }
    return continueAuthorization(c, services, req, session);
  });
