import { defineContext } from "@platform/host";
import { ports } from "@platform/ports";
import { portalContract } from "./contract.ts";
import { portalRoutes } from "./portal-routes.ts";

/**
 * The administration portal at /portal: server-rendered pages (Hono JSX) that sign in
 * through the platform's own OAuth 2.0 server as the built-in client `portal` and act only
 * through the public API with the signed-in principal's token.
 */
export const portalContext = defineContext({
  name: "portal",
  requires: [ports.gateway],
  contract: portalContract,
  routes: portalRoutes,
});
