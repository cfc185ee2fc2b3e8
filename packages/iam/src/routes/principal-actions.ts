import { randomInt } from "node:crypto";
import { Hono } from "hono";
import { DomainError, isUuid } from "@platform/kernel";
import { getCaller, ifMatchVersion, jsonBody } from "@platform/http";
import { requireGrantable, requireVisible } from "../access/guards.ts";
import { getPrincipal } from "../read-model/principal-queries.ts";
import { passwordProblem } from "../passwords/policy.ts";
import type { IamInternals } from "../internals.ts";
import { AclBodySchema, RolesBodySchema } from "../contract/requests.ts";
import { PRINCIPALS, callerFor, knownRoles, unique } from "./common.ts";
import { principalIdOf } from "./ids.ts";
import { executeAndShow, loadVisiblePrincipal, toAces } from "./principals.ts";
import type { GatewayEnv } from "@platform/http";

/** A temporary password lasts this long when unused (it also expires on first use). */
const TEMPORARY_PASSWORD_TTL_MS = 7 * 24 * 3600 * 1000;

/** 20 characters from an unambiguous alphabet, always with upper, lower and digit (≈ 115 bits). */
const generateTemporaryPassword = (): string => {
  const sets = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnopqrstuvwxyz", "23456789"];
  const all = sets.join("");
  for (;;) {
    const chars = Array.from({ length: 20 }, (_, i) => (i < 3 ? sets[i]! : all)).map(
      (set) => set[randomInt(set.length)]!,
    );
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const pw = chars.join("");
    if (!passwordProblem(pw)) return pw;
  }
};

/** Suspension, password reset, roles, ACL and sessions of a principal. */
export const principalActionRoutes = (iam: IamInternals) => {
  const app = new Hono<GatewayEnv>();

  app.post("/resources/iam/principals/:id/suspend", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "write");
    const id = principalIdOf(c.req.param("id"));
    if (caller.principalId === id) throw new DomainError("FORBIDDEN", "Cannot suspend your own principal");
    await loadVisiblePrincipal(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    const res = await executeAndShow(c, iam, id, [{ type: "suspend" }], expected);
    await iam.sessions.revokeAllSessions({ kind: "principal", id });
    return res;
  });

  app.post("/resources/iam/principals/:id/reactivate", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "write");
    const id = principalIdOf(c.req.param("id"));
    await loadVisiblePrincipal(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    return executeAndShow(c, iam, id, [{ type: "reactivate" }], expected);
  });

  app.post("/resources/iam/principals/:id/password/reset", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "write");
    const id = principalIdOf(c.req.param("id"));
    const { version } = await loadVisiblePrincipal(iam, caller, id);
    const expected = ifMatchVersion(c, { required: false });
    if (expected !== undefined && expected !== version)
      throw new DomainError("CONFLICT", "The resource was changed by someone else (stale If-Match)");
    const temporaryPassword = generateTemporaryPassword();
    const expiresAt = new Date(iam.clock.now().getTime() + TEMPORARY_PASSWORD_TTL_MS).toISOString();
    const hash = await iam.hasher.hash(temporaryPassword);
    // The event is the commit point: a refused one (stale If-Match, deleted meanwhile) leaves the old password in
    // place.
    await executeAndShow(c, iam, id, [{ type: "setPassword", temporary: true, expiresAt }], expected ?? version);
    await iam.credentials.set(id, hash, true, expiresAt);
    // Whoever held the old password (or a token made with it) is out, as after a suspension.
    await iam.sessions.revokeAllSessions({ kind: "principal", id });
    c.header("Cache-Control", "no-store");
    return c.json({ temporaryPassword }, 200);
  });

  app.put("/resources/iam/principals/:id/roles", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "write");
    const id = principalIdOf(c.req.param("id"));
    const body = await jsonBody(c, RolesBodySchema);
    const { state } = await loadVisiblePrincipal(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    const roles = unique(body.roles);
    const roleAces = await knownRoles(iam, roles);
    requireGrantable(caller, { rolesBefore: state.roles, rolesAfter: roles, acesBefore: [], acesAfter: [] }, roleAces);
    return executeAndShow(c, iam, id, [{ type: "setRoles", roles }], expected);
  });

  app.put("/resources/iam/principals/:id/acl", async (c) => {
    const caller = callerFor(c, PRINCIPALS, "write");
    const id = principalIdOf(c.req.param("id"));
    const body = await jsonBody(c, AclBodySchema);
    const acl = toAces(body.acl);
    const { state } = await loadVisiblePrincipal(iam, caller, id);
    const expected = ifMatchVersion(c, { required: true })!;
    requireGrantable(caller, { rolesBefore: [], rolesAfter: [], acesBefore: state.acl, acesAfter: acl }, new Map());
    return executeAndShow(c, iam, id, [{ type: "setAcl", acl }], expected);
  });

  /** A principal's sessions: its own without permission, another's with iam/principals:read or :write (spec). */
  app.get("/resources/iam/principals/:id/sessions", async (c) => {
    const id = principalIdOf(c.req.param("id"));
    const self = getCaller(c).principalId === id;
    const caller = callerFor(c, PRINCIPALS, "read", self || getCaller(c).can(PRINCIPALS, "write"));
    if (!self) {
      const view = await getPrincipal(iam.db, id);
      if (!view) throw new DomainError("NOT_FOUND", "Principal not found");
      requireVisible(caller, view.accessAttributes);
    }
    return c.json(await iam.sessions.listSessions({ kind: "principal", id }, caller.sessionId));
  });

  /** Revokes one session at once: own without permission, another's with iam/principals:write. */
  app.delete("/resources/iam/principals/:id/sessions/:sessionId", async (c) => {
    const id = principalIdOf(c.req.param("id"));
    const self = getCaller(c).principalId === id;
    const caller = callerFor(c, PRINCIPALS, "write", self);
    const sessionId = c.req.param("sessionId");
    if (!self) {
      const view = await getPrincipal(iam.db, id);
      if (!view) throw new DomainError("NOT_FOUND", "Principal not found");
      requireVisible(caller, view.accessAttributes);
    }
    const session = isUuid(sessionId) ? await iam.sessions.getSession(sessionId.toLowerCase()) : null;
    if (!session || session.subject.kind !== "principal" || session.subject.id !== id)
      throw new DomainError("NOT_FOUND", "Session not found");
    await iam.sessions.revokeSession(session.id);
    return c.body(null, 204);
  });

  return app;
};
