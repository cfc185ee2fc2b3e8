import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { subscriptionDetailRoutes } from "./subscription-detail.tsx";
import { subscriptionListRoutes } from "./subscription-list.tsx";

/** The subscriptions pages: the list, and one subscription with its deliveries and actions. */
export const subscriptionPageRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().route("/", subscriptionListRoutes(api)).route("/", subscriptionDetailRoutes(api));
