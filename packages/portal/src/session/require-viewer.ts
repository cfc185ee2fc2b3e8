import type { MiddlewareHandler } from "hono";
import type { ApiClient } from "../api/api-client.ts";
import { refusedPage } from "../html/refused.tsx";
import { readPortalForm } from "./posted-form.ts";
import { COOKIES } from "./cookies.ts";
import type { CookieJar } from "./cookies.ts";
import type { CsrfGuard } from "./csrf.ts";
import { viewerOf } from "./viewer.ts";
import type { Me, PortalEnv } from "./viewer.ts";

/**
 * Every page but sign-in's: the browser's session must still be one the API accepts (asked
 * of `GET /resources/me`, refreshed once when expired), or it goes to sign in and comes back.
 * A POST must carry this browser's CSRF token. A principal who must change a temporary
 * password sees only that form.
 */
export const requireViewer =
  (jar: CookieJar, csrf: CsrfGuard, api: ApiClient): MiddlewareHandler<PortalEnv> =>
  async (c, next) => {
    const signIn = () =>
      c.redirect(
        `/portal/login?${new URLSearchParams({ next: c.req.method === "GET" ? c.req.path : "/portal" })}`,
        303,
      );
    if (!jar.get(c, COOKIES.access) && !jar.get(c, COOKIES.refresh)) return signIn();
    const me = await api.call<Me>(c, "GET", "/resources/me");
    if (me.status === 401) {
      jar.clear(c, COOKIES.access);
      jar.clear(c, COOKIES.refresh);
      return signIn();
    }
    if (me.status !== 200) throw new Error(`GET /resources/me answered ${me.status}`);
    if (me.body.kind !== "principal") return refusedPage(c, "The portal is for people: sign in as a principal.", 403);
    if (c.req.method === "POST") {
      const posted = await readPortalForm(c);
      if (!posted.ok) return refusedPage(c, posted.refused, posted.status);
      if (!csrf.verify(c, posted.form.text("csrf")))
        return refusedPage(
          c,
          "This form has expired or did not come from the portal; reload the page and try again.",
          403,
        );
      c.set("form", posted.form);
    }
    c.set("viewer", viewerOf(me.body, csrf.token(c)));
    if (me.body.passwordChangeRequired && c.req.path !== "/portal/me/password")
      return c.redirect("/portal/me/password", 303);
    return next();
  };
