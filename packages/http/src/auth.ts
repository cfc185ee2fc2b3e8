import type { Context, MiddlewareHandler } from "hono";
import { DomainError, attributesAllow } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import { getRequestId } from "./request-id.ts";
import type { GatewayEnv } from "./gateway-env.ts";
import type { Authenticator } from "@platform/ports";
import { readsMayUseReplicas } from "@platform/db";

/** Paths a caller with a temporary password may still use: change it, read itself, and revoke (else 403). */
const PASSWORD_CHANGE_ALLOWED = new Set(["POST /resources/me/password", "GET /resources/me"]);
const OWN_SESSION = /^\/resources\/iam\/principals\/([^/]+)\/sessions\/[^/]+$/;
const passwordChangeAllows = (method: string, path: string, caller: Caller): boolean => {
  if (PASSWORD_CHANGE_ALLOWED.has(`${method} ${path}`)) return true;
  if (method !== "DELETE") return false;
  if (/^\/me\/pat\/[^/]+$/.test(path)) return true;
  const own = OWN_SESSION.exec(path);
  // Principal ids are UUIDs: no escapes to decode (a malformed one must not throw here).
  return !!own && own[1]!.toLowerCase() === caller.principalId;
};

/** Requires `Authorization: Bearer …`; sets the caller. 401 UNAUTHENTICATED otherwise. */
export const bearerAuth =
  (authenticator: () => Authenticator): MiddlewareHandler<GatewayEnv> =>
  async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
    if (!m) throw new DomainError("UNAUTHENTICATED", header ? "Malformed bearer token" : "A bearer token is required");
    const caller = await authenticator().authenticate(m[1]!, c);
    if (!caller) throw new DomainError("UNAUTHENTICATED", "The token is invalid, expired or revoked");
    if (caller.passwordChangeRequired && !passwordChangeAllows(c.req.method, c.req.path, caller))
      throw new DomainError("PASSWORD_CHANGE_REQUIRED", "Change your password first (POST /resources/me/password)");
    c.set("caller", caller);
    // Who may act was read on the primary; what the request reads next may come from a standby.
    readsMayUseReplicas();
    await next();
  };

/** Like bearerAuth, but lets requests without an Authorization header through as anonymous. */
export const optionalBearerAuth =
  (authenticator: () => Authenticator): MiddlewareHandler<GatewayEnv> =>
  async (c, next) => {
    if (!c.req.header("Authorization")) return next();
    return bearerAuth(authenticator)(c, next);
  };

export const getCaller = (c: Context<GatewayEnv>): Caller => {
  const caller = c.get("caller");
  if (!caller) throw new DomainError("UNAUTHENTICATED", "A bearer token is required");
  return caller;
};

export const findCaller = (c: Context<GatewayEnv>): Caller | undefined => c.get("caller");

/** 403 unless the caller may do `permission` on `resource`. */
export const requirePermission = (c: Context<GatewayEnv>, resource: string, permission: string): Caller => {
  const caller = getCaller(c);
  if (!caller.can(resource, permission)) throw new DomainError("FORBIDDEN", `Requires ${resource}:${permission}`);
  return caller;
};

/** 403 when the record is outside the caller's access attributes. */
export const requireAttributes = (caller: Caller, record: Readonly<Record<string, string | null | undefined>>) => {
  if (!attributesAllow(caller, record)) throw new DomainError("FORBIDDEN", "Outside your access attributes");
};

/** The runtime's view of who is acting, for event metadata. */
export const initiatorOf = (c: Context<GatewayEnv>): Initiator => {
  const caller = c.get("caller");
  return {
    principalId: caller?.principalId,
    clientId: caller?.clientId,
    sessionId: caller?.sessionId,
    requestId: getRequestId(c),
  };
};

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
export const requestInitiator = (c: Context<GatewayEnv>): Initiator => {
  const base = initiatorOf(c);
  return {
    ...base,
    correlationId: header(c, "X-Correlation-Id") ?? base.requestId,
    causationId: header(c, "X-Causation-Id") ?? base.requestId,
  };
};
