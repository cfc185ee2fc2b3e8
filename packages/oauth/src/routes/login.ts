import { Hono } from "hono";
import { checkAuthorizationRequest, withoutLoginPrompt } from "../authorize/authorization-request.ts";
import { clientAddress } from "@platform/http";
import { MAX_EMAIL_LENGTH } from "@platform/iam";
import { sameOrigin } from "../authorize/complete.ts";
import { errorPage, loginPage } from "../html/pages.ts";
import type { OAuthServices } from "../services.ts";
import { readBrowserForm } from "../util/form.ts";

/** One message for every wrong email/password combination: nothing to learn about which accounts exist. */
const WRONG_CREDENTIALS = "Incorrect email or password.";
const SUSPENDED = "Account has been suspended";

/**
 * GET /oauth/login shows the sign-in form for an authorization request; POST checks the
 * password (throttled per account and per address) and sends the browser back to
 * /oauth/authorize (303) with a fresh signed browser-session cookie.
 */
export const loginRoutes = (s: () => OAuthServices) =>
  new Hono()
    .get("/oauth/login", async (c) => {
      const services = s();
      const query = new URL(c.req.url).search.replace(/^\?/, "");
      const checked = await checkAuthorizationRequest(services.iam(), query, services.issuer);
      if (checked.kind === "page") return errorPage(c, checked.message);
      if (checked.kind === "redirect") return c.redirect(checked.location, 302);
      const signedIn = !!(await services.browserSessions.current(c));
      return loginPage(c, {
        csrf: services.csrf.token(c),
        request: checked.request.query,
        clientName: checked.request.client.name,
        signedIn,
      });
    })
    .post("/oauth/login", async (c) => {
      const services = s();
      const form = await readBrowserForm(c, "sign-in");
      if ("refused" in form) return errorPage(c, form.refused);
      const checked = await checkAuthorizationRequest(services.iam(), form.get("request") ?? "", services.issuer);
      if (checked.kind === "page") return errorPage(c, checked.message);
      if (checked.kind === "redirect") return c.redirect(checked.location, 302);
      const req = checked.request;
      const email = (form.get("email") ?? "").trim();
      const password = form.get("password") ?? "";
      const again = (error: string, status: 400 | 403 | 429) =>
        // An email longer than any account's is not echoed back (IAM refuses it before keying or hashing it).
        loginPage(c, {
          csrf: services.csrf.token(c),
          request: req.query,
          clientName: req.client.name,
          email: email.length > MAX_EMAIL_LENGTH ? "" : email,
          error,
          status,
        });

      if (!sameOrigin(c, services.issuer) || !services.csrf.verify(c, form.get("csrf") ?? undefined))
        return again("Your sign-in form expired. Please try again.", 403);
      if (!email || !password) return again("Enter your email and password.", 400);

      // IAM throttles the attempt (per account and per address) before it checks the password.
      const result = await services.iam().verifyPassword(email, password, await clientAddress(c, services.trustProxy));
      if (!result.ok) {
        if (result.reason === "suspended") return again(SUSPENDED, 403);
        if (result.reason === "throttled") {
          c.header("Retry-After", String(result.retryAfterS));
          return again(result.message, 429);
        }
        return again(WRONG_CREDENTIALS, 400);
      }
      await services.browserSessions.signIn(c, result.principalId, result.passwordChangeRequired);
      c.header("Cache-Control", "no-store");
      return c.redirect(`${services.baseUrl}/oauth/authorize?${withoutLoginPrompt(req.query)}`, 303);
    });
