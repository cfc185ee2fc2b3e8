import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";

/** `/portal/job-definitions…` and `/portal/jobs…`: definitions and schedules, jobs, statistics. */
export const jobPageRoutes = (_api: ApiClient) => new Hono<PortalEnv>();
