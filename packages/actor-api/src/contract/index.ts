import { actorOperations } from "./operations.ts";

/**
 * The published contract of the actors context (generated into schemas/ by `npm run schemas`).
 * It owns no actor and appends no events of its own.
 */
export const actorsContract = {
  context: "actors",
  tags: {
    actors:
      "The generic actor API: any actor type's state, journal and messages (`POST " +
      "/resources/actors/{type}/{id}`), by UUID, natural key or virtual id",
  },
  operations: actorOperations,
};
