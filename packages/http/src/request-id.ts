import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { GatewayEnv } from "./gateway-env.ts";
import { answerWith } from "./answer-headers.ts";

const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes X-Request-Id from the request when it is sane, else makes one; echoes it on every response. */
export const requestId = (): MiddlewareHandler<GatewayEnv> => (c, next) => {
  const given = c.req.header("X-Request-Id");
  const id = given && VALID.test(given) ? given : randomUUID();
  c.set("requestId", id);
  return answerWith(c, next, [["X-Request-Id", id]]);
};

export const getRequestId = (c: Context<GatewayEnv>): string => c.get("requestId") ?? "";
