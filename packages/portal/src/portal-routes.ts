import { Hono } from "hono";
import type { PlatformDeps } from "@platform/host";
import { apiClient } from "./api/api-client.ts";
import { assetRoutes } from "./assets/asset-routes.ts";
import { homeRoutes } from "./pages/home.tsx";
import { appPageRoutes } from "./pages/apps/app-pages.tsx";
import { jobPageRoutes } from "./pages/jobs/job-pages.tsx";
import { subscriptionPageRoutes } from "./pages/subscriptions/subscription-pages.tsx";
import { sendingRoutes } from "./pages/sendings/sending-pages.tsx";
import { actorRoutes } from "./pages/actors/actor-pages.tsx";
import { clientDetailRoutes } from "./pages/clients/client-detail.tsx";
import { clientListRoutes } from "./pages/clients/client-list.tsx";
import { meRoutes } from "./pages/me.tsx";
import { roleRoutes } from "./pages/roles/role-pages.tsx";
import { principalDetailRoutes } from "./pages/principals/principal-detail.tsx";
import { principalListRoutes } from "./pages/principals/principal-list.tsx";
import { cookieJar } from "./session/cookies.ts";
import { csrfGuard } from "./session/csrf.ts";
import { portalAddress } from "./session/portal-address.ts";
import { requireViewer } from "./session/require-viewer.ts";
import { signInRoutes } from "./session/sign-in-routes.tsx";
import type { PortalEnv } from "./session/viewer.ts";

/** Paths a browser reaches without a portal session: sign-in, its callback, sign-out, the assets. */
const OPEN = new Set(["/portal/login", "/portal/callback", "/portal/logout"]);

/** Every portal route: sign-in first, then the pages behind a signed-in viewer. */
export const portalRoutes = (deps: PlatformDeps): Hono => {
  const jar = cookieJar(deps.config.publicUrl);
  const csrf = csrfGuard(jar, deps.config.publicUrl);
  const api = apiClient(deps, jar);
  const pages = new Hono<PortalEnv>();
  const viewer = requireViewer(jar, csrf, api);
  pages.use("/portal", viewer);
  pages.use("/portal/*", async (c, next) =>
    OPEN.has(c.req.path) || c.req.path.startsWith("/portal/assets/") ? next() : viewer(c, next),
  );
  pages.route("/", homeRoutes(api));
  pages.route("/", meRoutes(api));
  pages.route("/", principalListRoutes(api)); // before the detail routes: /portal/principals/new is not an id
  pages.route("/", principalDetailRoutes(api));
  pages.route("/", clientListRoutes(api));
  pages.route("/", clientDetailRoutes(api));
  pages.route("/", roleRoutes(api));
  pages.route("/", sendingRoutes(api));
  pages.route("/", actorRoutes(api));
  pages.route("/", appPageRoutes(api));
  pages.route("/", jobPageRoutes(api));
  pages.route("/", subscriptionPageRoutes(api, deps.config.outboundAllowPrivate));
  const portal = new Hono();
  const address = portalAddress(deps.config.publicUrl, deps.config.publicUrlSet);
  portal.use("/portal", address);
  portal.use("/portal/*", address);
  return portal
    .route("/", assetRoutes())
    .route("/", signInRoutes(deps, jar, csrf, api))
    .route("/", pages as unknown as Hono);
};
