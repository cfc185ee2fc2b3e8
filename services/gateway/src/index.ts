export { createGatewayApp, readiness } from "@platform/http";
export { contexts } from "./wiring.ts";
