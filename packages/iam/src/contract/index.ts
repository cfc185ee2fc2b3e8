import { iamEventSchemas } from "./events.ts";
import { iamOperations } from "./operations.ts";
import { sampleIamEvents } from "./samples.ts";

/**
 * The published contract of the IAM context (generated into schemas/ by `npm run schemas`).
 * Its actors (principal, client, role) accept no actor-API messages.
 */
export const iamContract = {
  context: "iam",
  tags: {
    iam:
      "Identities and access: principals, clients (with secrets), roles with their ACL entries, " +
      "sessions, and each identity's journal",
    me: "The caller's own account: who it is, its password, its personal access tokens",
  },
  operations: iamOperations,
  events: iamEventSchemas,
  sampleEvents: sampleIamEvents,
};
