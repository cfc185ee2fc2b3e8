import { defineContext } from "@platform/host";
import { referenceContract } from "./contract.ts";
import { referenceRoutes } from "./reference-routes.ts";

/**
 * The API reference: `/openapi.json` built from every mounted context's contract, and
 * `/docs` rendering it. A context's routes appear here by its `contract`, nothing else.
 */
export const openApiContext = defineContext({
  name: "openapi",
  contract: referenceContract,
  routes: referenceRoutes,
});

export { openApiDocument, allOperations } from "./document.ts";
export type { OpenApiOptions } from "./document.ts";
export { jsonSchemaOf } from "./json-schema.ts";
export { responseConformance, responseMismatch, undocumentedFields } from "./conformance.ts";
