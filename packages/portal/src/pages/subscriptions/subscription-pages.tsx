import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { subscriptionDetailRoutes } from "./subscription-detail.tsx";
import { subscriptionListRoutes } from "./subscription-list.tsx";
import { subscriptionWriteRoutes } from "./subscription-write-routes.tsx";

/**
 * The subscriptions pages: the list, creating and changing one (before the detail routes: `new` is not an id), and one
 * subscription with its deliveries and actions. `allowPrivate`: the service's outbound rule lets private addresses
 * through (OUTBOUND_ALLOW_PRIVATE), as the URL check as you type must say.
 */
export const subscriptionPageRoutes = (api: ApiClient, allowPrivate: boolean) =>
  new Hono<PortalEnv>()
    .route("/", subscriptionListRoutes(api))
    .route("/", subscriptionWriteRoutes(api, allowPrivate))
    .route("/", subscriptionDetailRoutes(api));
