import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";

const VALID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes X-Request-Id from the request when it is sane, else makes one; echoes it on every response. */
export const requestId = (): MiddlewareHandler => async (c, next) => {
  const given = c.req.header("X-Request-Id");
  const id = given && VALID.test(given) ? given : randomUUID();
  c.set("requestId" as never, id as never);
  c.header("X-Request-Id", id);
  await next();
  c.res.headers.set("X-Request-Id", id);
};

export const getRequestId = (c: { get: (k: never) => unknown }): string => String(c.get("requestId" as never) ?? "");
