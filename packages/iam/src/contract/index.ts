import { iamEventSchemas } from "./events.ts";
import { iamOperations } from "./operations.ts";
import { sampleIamEvents } from "./samples.ts";

/**
 * The published contract of the IAM context (generated into schemas/ by `npm run schemas`).
 * Its actors (principal, client, role) accept no actor-API messages.
 */
export const iamContract = {
  context: "iam",
  operations: iamOperations,
  events: iamEventSchemas,
  sampleEvents: sampleIamEvents,
};
