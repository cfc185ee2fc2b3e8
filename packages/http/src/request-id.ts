import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { GatewayEnv } from "./gateway-env.ts";
import { answerWith } from "./answer-headers.ts";

const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: its X-Request-Id when that is sane, else a new one; kept for the routes and the logs. */
export const takeRequestId = (c: Context): string => {
  const given = c.req.header("X-Request-Id");
  const id = given && VALID.test(given) ? given : randomUUID();
  (c as Context<GatewayEnv>).set("requestId", id);
  return id;
};

/** Takes the request's id and echoes it on every response (the gateway does this with its other answer headers). */
export const requestId = (): MiddlewareHandler<GatewayEnv> => (c, next) =>
  answerWith(c, next, [["X-Request-Id", takeRequestId(c)]]);

export const getRequestId = (c: Context<GatewayEnv>): string => c.get("requestId") ?? "";
