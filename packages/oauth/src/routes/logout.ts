import { Hono } from "hono";
import type { Context } from "hono";
import { isStorableText } from "@platform/http";
import { checkAuthorizationRequest, withoutLoginPrompt } from "../authorize/authorization-request.ts";
import { sameOrigin } from "../authorize/complete.ts";
import { errorPage, logoutPage, signedOutPage } from "../html/pages.ts";
import type { OAuthServices } from "../services.ts";
import { readBrowserForm } from "../util/form.ts";

type PostLogout = { readonly clientId: string; readonly redirectUri: string; readonly state: string | undefined };

/**
 * Where to send the browser after sign-out (OpenID Connect RP-Initiated Logout): only to one
 * of the named client's registered redirect URIs, exactly, never anywhere a link says.
 */
const postLogoutTarget = async (
  s: OAuthServices,
  params: { get(name: string): string | null | undefined },
): Promise<PostLogout | undefined | "invalid"> => {
  const redirectUri = params.get("post_logout_redirect_uri") || undefined;
  if (!redirectUri) return undefined;
  const clientId = params.get("client_id") || "";
  // Text no database column could hold (NUL, lone surrogates) names no client.
  const client =
    clientId && isStorableText(clientId) && clientId.length <= 128 ? await s.iam().getClient(clientId) : undefined;
  if (!client || client.suspended || !client.redirectUris.includes(redirectUri)) return "invalid";
  return { clientId, redirectUri, state: params.get("state") || undefined };
};

const INVALID_TARGET = "post_logout_redirect_uri must be one of the redirect URIs registered for client_id.";

const redirectAfterLogout = (c: Context, target: PostLogout) => {
  const url = new URL(target.redirectUri);
  if (target.state !== undefined) url.searchParams.set("state", target.state);
  return c.redirect(url.href, 303);
};

/**
 * GET /oauth/logout asks (a link alone signs nobody out); POST /oauth/logout (CSRF-protected,
 * same origin) ends this browser's sign-in. Then: back to sign in for an authorization
 * request (the consent page's "Not you?"), to a client's registered
 * `post_logout_redirect_uri`, or a "signed out" page.
 */
export const logoutRoutes = (s: () => OAuthServices) =>
  new Hono()
    .get("/oauth/logout", async (c) => {
      const services = s();
      const target = await postLogoutTarget(services, new URL(c.req.url).searchParams);
      if (target === "invalid") return errorPage(c, INVALID_TARGET);
      const session = await services.browserSessions.current(c);
      if (!session) return target ? redirectAfterLogout(c, target) : signedOutPage(c);
      return logoutPage(c, { csrf: services.csrf.token(c), ...(target ? { postLogout: target } : {}) });
    })
    .post("/oauth/logout", async (c) => {
      const services = s();
      const form = await readBrowserForm(c, "sign-out");
      if ("refused" in form) return errorPage(c, form.refused);
      if (!sameOrigin(c, services.issuer) || !services.csrf.verify(c, form.get("csrf") ?? undefined))
        return errorPage(c, "Your sign-out form expired or did not come from this server. Please try again.", 403);
      const target = await postLogoutTarget(services, form);
      if (target === "invalid") return errorPage(c, INVALID_TARGET);
      const signedIn = await services.browserSessions.current(c);
      await services.browserSessions.signOut(c);
      // Signing out ends what this sign-in authorized: each client's session, which its
      // client then hears of by back-channel logout.
      if (signedIn)
        for (const id of await services.codes.sessionsOfBrowser(signedIn.id)) await services.iam().revokeSession(id);
      c.header("Cache-Control", "no-store");
      const request = form.get("request");
      if (request) {
        const checked = await checkAuthorizationRequest(services.iam(), request, services.issuer);
        if (checked.kind === "ok")
          return c.redirect(`${services.baseUrl}/oauth/authorize?${withoutLoginPrompt(checked.request.query)}`, 303);
      }
      return target ? redirectAfterLogout(c, target) : signedOutPage(c);
    });
