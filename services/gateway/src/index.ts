export { createGatewayApp } from "./app.ts";
export { contexts } from "./contexts.ts";
export { readiness } from "./readiness.ts";
