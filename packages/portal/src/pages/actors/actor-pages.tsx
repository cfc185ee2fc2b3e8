import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { actorPageRoutes } from "./actor-page.tsx";
import { orderListRoutes } from "./order-list.tsx";

/** The actors pages: the orders list, and any actor's journal and state as of a version. */
export const actorRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().route("/", orderListRoutes(api)).route("/", actorPageRoutes(api));
