import { Hono } from "hono";
import type { PlatformDeps } from "@platform/host";
import type { ApiClient, TokenAnswer } from "../api/api-client.ts";
import { Notice, Page } from "../html/layout.tsx";
import { refusedPage } from "../html/refused.tsx";
import { readPortalForm } from "./posted-form.ts";
import { render } from "../html/render.ts";
import { COOKIES } from "./cookies.ts";
import type { CookieJar } from "./cookies.ts";
import { sameSecret } from "./csrf.ts";
import type { CsrfGuard } from "./csrf.ts";
import { pkcePair, randomState, safeNext } from "./pkce.ts";
import { PORTAL_CLIENT_ID, callbackUrl } from "./portal-client.ts";

const FLOW_TTL_S = 600;
const SIGNED_OUT_STATE = "signed-out";

/**
 * Sign-in and sign-out. The portal signs in through the platform's own OAuth 2.0 server as
 * the built-in client `portal` (authorization code + PKCE S256 + state), exactly as a
 * third-party client would; the tokens it gets are an ordinary session of the principal
 * (listed under their sessions, revocable) and live only in HttpOnly cookies.
 */
export const signInRoutes = (deps: PlatformDeps, jar: CookieJar, csrf: CsrfGuard, api: ApiClient) => {
  const app = new Hono();
  const redirectUri = callbackUrl(deps.config.publicUrl);
  const portalUrl = `${deps.config.publicUrl}/portal`;

  app.get("/portal/login", (c) => {
    const { verifier, challenge } = pkcePair();
    const state = randomState();
    const next = safeNext(c.req.query("next"));
    jar.set(c, COOKIES.flow, `${state}.${verifier}.${Buffer.from(next).toString("base64url")}`, FLOW_TTL_S);
    const query = new URLSearchParams({
      response_type: "code",
      client_id: PORTAL_CLIENT_ID,
      redirect_uri: redirectUri,
      state,
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    return c.redirect(`/oauth/authorize?${query}`, 303);
  });

  app.get("/portal/callback", async (c) => {
    const q = c.req.query();
    if (q.state === SIGNED_OUT_STATE && !q.code && !q.error)
      return render(
        c,
        <Page title="Signed out">
          <Notice kind="success">You have signed out of the portal.</Notice>
          <p>
            <a class="button" href="/portal/login">
              Sign in again
            </a>
          </p>
        </Page>,
      );
    const flow = jar.get(c, COOKIES.flow)?.split(".");
    jar.clear(c, COOKIES.flow);
    const [state, verifier, next] = flow ?? [];
    const failed = (message: string, where?: boolean) =>
      render(
        c,
        <Page title="Sign-in did not complete">
          <Notice kind="error">{message}</Notice>
          {where && (
            <p>
              The portal is at <a href={portalUrl}>{portalUrl}</a>: open it there (the service's PUBLIC_URL) and sign in
              again.
            </p>
          )}
          <p>
            <a class="button" href={`${portalUrl}/login`}>
              Try again
            </a>
          </p>
        </Page>,
        400,
      );
    if (q.error)
      return failed(
        q.error === "access_denied" ? "The sign-in was cancelled." : `The sign-in was refused (${q.error}).`,
      );
    // No flow cookie at all: most often the sign-in started at another address of this service
    // (its cookie lives on that host name), else it lapsed (10 minutes) or its tab was closed.
    if (!flow) return failed("This sign-in was started at another address than the portal's, or it has expired.", true);
    if (!state || !verifier || !q.state || !q.code || !sameSecret(q.state, state))
      return failed("This sign-in has expired or was started in another window. Start it again from this window.");
    const answer = await api.oauth(c, "/oauth/token", {
      grant_type: "authorization_code",
      code: q.code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    if (answer.status !== 200) return failed("The sign-in code was not accepted; it may have been used already.");
    api.keep(c, answer.body as TokenAnswer);
    return c.redirect(safeNext(Buffer.from(next ?? "", "base64url").toString()), 303);
  });

  /**
   * Ends the portal's session (its tokens revoked, the cookies cleared), then asks the
   * authorization server to end the browser's sign-in too (RP-initiated logout), which
   * returns here.
   */
  app.post("/portal/logout", async (c) => {
    const posted = await readPortalForm(c);
    if (!posted.ok) return refusedPage(c, posted.refused, posted.status);
    if (!csrf.verify(c, posted.form.text("csrf")))
      return refusedPage(c, "This form has expired; reload the page and try again.", 403);
    for (const name of [COOKIES.refresh, COOKIES.access] as const) {
      const token = jar.get(c, name);
      if (token) await api.oauth(c, "/oauth/revoke", { token });
      jar.clear(c, name);
    }
    const query = new URLSearchParams({
      client_id: PORTAL_CLIENT_ID,
      post_logout_redirect_uri: redirectUri,
      state: SIGNED_OUT_STATE,
    });
    return c.redirect(`/oauth/logout?${query}`, 303);
  });

  return app;
};
