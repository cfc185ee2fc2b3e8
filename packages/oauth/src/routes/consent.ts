import { Hono } from "hono";
import { checkAuthorizationRequest, errorRedirect } from "../authorize/authorization-request.ts";
import { redirectWithCode, sameOrigin } from "../authorize/complete.ts";
import { errorPage } from "../html/pages.ts";
import type { OAuthServices } from "../services.ts";
import { readBrowserForm } from "../util/form.ts";
import { activeSession } from "./authorize.ts";

/**
 * POST /oauth/consent: the user's decision. allow → the consent is remembered for this
 * client and scope, and the browser goes back with a code; deny → back with
 * error=access_denied. Both 302 to the registered redirect URI.
 */
export const consentRoutes = (s: () => OAuthServices) =>
  new Hono().post("/oauth/consent", async (c) => {
    const services = s();
    const form = await readBrowserForm(c, "consent");
    if ("refused" in form) return errorPage(c, form.refused);
    const checked = await checkAuthorizationRequest(services.iam(), form.get("request") ?? "", services.issuer);
    if (checked.kind === "page") return errorPage(c, checked.message);
    if (checked.kind === "redirect") return c.redirect(checked.location, 302);
    const req = checked.request;
    if (!sameOrigin(c, services.issuer) || !services.csrf.verify(c, form.get("csrf") ?? undefined))
      return errorPage(
        c,
        "The consent form expired or did not come from this server. Start again from the application.",
        403,
      );
    const session = await activeSession(c, services);
    if (!session) return c.redirect(`${services.baseUrl}/oauth/login?${req.query}`, 303);
    const decision = form.get("decision");
    if (decision === "deny")
      return c.redirect(
        errorRedirect(req.redirectUri, "access_denied", "The user denied access", req.state, services.issuer),
        302,
      );
    if (decision !== "allow") return errorPage(c, "Choose Allow or Deny.");
    await services.consents.grant(session.principalId, req.client, req.scope);
    return redirectWithCode(c, services, req, session);
  });
