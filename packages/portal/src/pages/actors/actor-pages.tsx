import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";

export const actorRoutes = (_api: ApiClient) => new Hono<PortalEnv>();
