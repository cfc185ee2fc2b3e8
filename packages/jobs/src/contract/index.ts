import { jobEventSchemas } from "./events.ts";
import { jobOperations } from "./operations.ts";
import { sampleJobEvents } from "./samples.ts";

/** The published contract of the jobs context (generated into schemas/ by `npm run schemas`). */
export const jobsContract = {
  context: "jobs",
  tags: {
    jobs:
      "Job definitions (cron schedules in a time zone), jobs (queued, running, finished, with " +
      "results) and their statistics per minute",
  },
  operations: jobOperations,
  events: jobEventSchemas,
  sampleEvents: sampleJobEvents,
};
