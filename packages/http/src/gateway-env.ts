import type { Caller } from "@platform/kernel";

/**
 * What the gateway's middleware leaves on a request for the routes: the request id (always, from requestId())
 * and the caller (once bearerAuth has run). Routers are `new Hono<GatewayEnv>()`, so `c.get("caller")` is
 * checked by the compiler instead of cast.
 */
export type GatewayEnv = { Variables: { caller?: Caller; requestId: string } };
