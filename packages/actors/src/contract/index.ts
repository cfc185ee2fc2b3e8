import { actorOperations } from "./operations.ts";

/**
 * The published contract of the actors context (generated into schemas/ by `npm run schemas`).
 * It owns no actor and appends no events of its own.
 */
export const actorsContract = {
  context: "actors",
  operations: actorOperations,
};
