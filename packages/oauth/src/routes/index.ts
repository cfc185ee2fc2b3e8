import { Hono } from "hono";
import type { PlatformDeps } from "@platform/host";
import type { OAuthServices } from "../services.ts";
import { authorizeRoutes } from "./authorize.ts";
import { consentRoutes } from "./consent.ts";
import { discoveryRoutes } from "./discovery.ts";
import { introspectRoutes } from "./introspect.ts";
import { loginRoutes } from "./login.ts";
import { logoutRoutes } from "./logout.ts";
import { methodNotAllowedRoutes } from "./method-not-allowed.ts";
import { patRoutes } from "./pat.ts";
import { revokeRoutes } from "./revoke.ts";
import { tokenRoutes } from "./token.ts";
import { userinfoRoutes } from "../userinfo/userinfo-route.ts";

/** Every route of the OAuth context: /.well-known/*, /oauth/*, /me/pat. */
export const oauthRoutes = (deps: PlatformDeps, s: () => OAuthServices): Hono => {
  const app = new Hono();
  for (const sub of [
    discoveryRoutes(s),
    authorizeRoutes(s),
    loginRoutes(s),
    logoutRoutes(s),
    consentRoutes(s),
    tokenRoutes(s),
    revokeRoutes(s),
    introspectRoutes(s),
    userinfoRoutes(s),
    patRoutes(deps, s),
    methodNotAllowedRoutes(),
  ])
    app.route("/", sub);
  return app;
};
