import { appEventSchemas } from "./events.ts";
import { appOperations } from "./operations.ts";
import { sampleAppEvents } from "./samples.ts";

/** The published contract of the apps context (generated into schemas/ by `npm run schemas`). */
export const appsContract = {
  context: "apps",
  operations: appOperations,
  events: appEventSchemas,
  sampleEvents: sampleAppEvents,
};
