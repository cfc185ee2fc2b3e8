import { page } from "../../contract-page.ts";

/** The jobs pages: definitions and their schedules, jobs, statistics. `{definitionId}` may hold `/`, as in the API. */
export const jobPagesContract = [
  page(
    "portalJobDefinitions",
    "get",
    "/portal/job-definitions",
    "Job definitions: their schedules in words, suspended and overridden ones marked",
  ),
  page(
    "portalJobDefinition",
    "get",
    "/portal/job-definitions/{definitionId}",
    "One job definition: facts, schedules in words, the next 10 occurrences in its zone and the " +
      "viewer's, an app's default against the tenant's override",
  ),
  page(
    "portalChangeJobDefinition",
    "post",
    "/portal/job-definitions/{definitionId}",
    "Suspends or resumes a definition's schedules, or drops an app's definition's override " +
      "(form field action=suspend|resume|reset), at the version the page showed",
  ),
  page("portalJobs", "get", "/portal/jobs", "Jobs, newest first, by status and definition"),
  page(
    "portalJobStatistics",
    "get",
    "/portal/jobs/statistics",
    "Per-minute charts per definition over the last hour, 6 hours or day (server-drawn SVG, " +
      "with the numbers in a table)",
  ),
  page(
    "portalJobQueues",
    "get",
    "/portal/jobs/queues",
    "Job queues: paused or not, with their pending and running jobs",
  ),
  page(
    "portalChangeJobQueue",
    "post",
    "/portal/jobs/queues/{queue}/state",
    "Pauses or resumes a queue (form field paused=true|false)",
  ),
  page(
    "portalJob",
    "get",
    "/portal/jobs/{jobId}",
    "One job: parameters, result or error, its attempt and each failed attempt's error",
  ),
  page("portalCancelJob", "post", "/portal/jobs/{jobId}/cancel", "Cancels a pending job"),
] as const;
