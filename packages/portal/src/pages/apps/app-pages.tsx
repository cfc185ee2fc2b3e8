import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { appDetailRoutes } from "./app-detail.tsx";
import { appExtensionRoutes } from "./app-extension.tsx";
import { appListRoutes } from "./app-list.tsx";
import { appRunRoutes } from "./app-run.tsx";

/**
 * `/portal/apps…`: installed apps, components with their parameters, ingresses, recorded runs, the app's portal
 * extension.
 */
export const appPageRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>()
    .route("/", appListRoutes(api))
    .route("/", appDetailRoutes(api))
    .route("/", appRunRoutes(api))
    .route("/", appExtensionRoutes(api));
