import { serviceKey } from "@platform/platform";
import type { Authenticator } from "./auth.ts";

/** The authenticator every route uses; the IAM context provides it. */
export const authenticatorKey = serviceKey<Authenticator>("http.authenticator");

/**
 * The gateway itself, for a context that is a client of the API like any other (the portal):
 * a request through it meets the same authentication and authorization as one from outside.
 * `env` is the incoming request's (the client address for throttling). Provided by
 * createGatewayApp.
 */
export type Gateway = { fetch(request: Request, env?: unknown): Promise<Response> };
export const gatewayKey = serviceKey<Gateway>("http.gateway");
