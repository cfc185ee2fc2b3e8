import { jobEventSchemas } from "./events.ts";
import { jobOperations } from "./operations.ts";
import { sampleJobEvents } from "./samples.ts";

/** The published contract of the jobs context (generated into schemas/ by `npm run schemas`). */
export const jobsContract = {
  context: "jobs",
  operations: jobOperations,
  events: jobEventSchemas,
  sampleEvents: sampleJobEvents,
};
