import { definePort } from "@platform/host";

/**
 * The gateway itself, for a context that is a client of the API like any other (the portal):
 * a request through it meets the same authentication and authorization as one from outside.
 * `env` is the incoming request's (the client address for throttling). Provided by the gateway
 * context (packages/http), which forwards each call to the gateway app createGatewayApp builds after boot.
 */
export type Gateway = { fetch(request: Request, env?: unknown): Promise<Response> };
export const gateway = definePort<Gateway>("gateway");
