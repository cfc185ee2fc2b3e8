import { graphOperations } from "./operations.ts";

/** The published contract of the graph context (generated into schemas/ by `npm run schemas`). */
export const graphContract = { context: "graph", operations: graphOperations };
