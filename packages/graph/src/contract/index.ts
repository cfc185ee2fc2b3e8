import { graphEventSchemas, sampleGraphEvents } from "./events.ts";
import { graphOperations } from "./operations.ts";

/** The published contract of the graph context (generated into schemas/ by `npm run schemas`). */
export const graphContract = {
  context: "graph",
  tags: {
    graph:
      "The graph query API: select, filter, order and count any context's read models (edges) in " +
      "one request; the registry of custom graph fields",
  },
  operations: graphOperations,
  events: graphEventSchemas,
  sampleEvents: sampleGraphEvents,
};
