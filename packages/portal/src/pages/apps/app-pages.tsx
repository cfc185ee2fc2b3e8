import { Hono } from "hono";
import type { PlatformDeps } from "@platform/platform";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";

/** `/portal/apps…`: installed apps, components with their parameters, ingresses, the app's portal extension. */
export const appPageRoutes = (_api: ApiClient, _deps: PlatformDeps) => new Hono<PortalEnv>();
