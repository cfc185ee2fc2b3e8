import type { Context } from "hono";
import type { Actor } from "@platform/actor-runtime";
import { actorOf } from "@platform/http";

const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

const header = (c: Context, name: string): string | undefined => {
  const value = c.req.header(name);
  return value && SANE.test(value) ? value : undefined;
};

/**
 * Who acts, for event metadata: the caller (principalId or clientId, sessionId) and the
 * request id; `X-Correlation-Id` and `X-Causation-Id` when a caller continues a chain of
 * its own, else both are the request id (the request is the cause).
 */
export const requestActor = (c: Context): Actor => {
  const base = actorOf(c);
  return {
    ...base,
    correlationId: header(c, "X-Correlation-Id") ?? base.requestId,
    causationId: header(c, "X-Causation-Id") ?? base.requestId,
  };
};
