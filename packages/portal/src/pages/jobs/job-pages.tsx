import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { definitionDetailRoutes } from "./definition-detail.tsx";
import { definitionListRoutes } from "./definition-list.tsx";
import { jobDetailRoutes } from "./job-detail.tsx";
import { jobListRoutes } from "./job-list.tsx";
import { queueListRoutes } from "./queue-list.tsx";
import { statisticsRoutes } from "./statistics-page.tsx";

/** `/portal/job-definitions…` and `/portal/jobs…`: definitions and schedules, jobs, queues, statistics. */
export const jobPageRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>()
    .route("/", definitionListRoutes(api))
    .route("/", definitionDetailRoutes(api))
    .route("/", jobListRoutes(api))
    .route("/", statisticsRoutes(api)) // before the job's page: "statistics" is not a job id
    .route("/", queueListRoutes(api)) // nor is "queues"
    .route("/", jobDetailRoutes(api));
