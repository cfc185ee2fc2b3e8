import { Hono } from "hono";
import type { Context } from "hono";
import * as v from "valibot";
import { DomainError } from "@platform/kernel";
import { initiatorOf, clientAddress, getCaller, jsonBody } from "@platform/http";
import { getClient } from "../read-model/client-queries.ts";
import { getPrincipal } from "../read-model/principal-queries.ts";
import { assertPasswordAcceptable, MAX_PASSWORD_LENGTH } from "../passwords/policy.ts";
import { accountKey, addressKey } from "../passwords/password-throttle.ts";
import type { IamInternals } from "../internals.ts";
import { erasePrincipal } from "../principal/erasure.ts";
import type { GatewayEnv } from "@platform/http";

/** `POST /resources/me/password`. */
export const PasswordChangeSchema = v.strictObject({
  currentPassword: v.pipe(v.string(), v.minLength(1, "is required"), v.maxLength(MAX_PASSWORD_LENGTH)),
  newPassword: v.pipe(
    v.string(),
    v.maxLength(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`),
  ),
});

/** `POST /resources/me/erase`. */
export const EraseMeSchema = v.strictObject({
  currentPassword: v.pipe(v.string(), v.minLength(1, "is required"), v.maxLength(MAX_PASSWORD_LENGTH)),
});

/**
 * `/resources/me`: who is calling; `/resources/me/password`: change the own password; `/resources/me/erase`: leave for
 * good.
 */
export const meRoutes = (iam: IamInternals) => {
  const app = new Hono<GatewayEnv>();

  app.get("/resources/me", async (c) => {
    const caller = getCaller(c);
    const principal = caller.kind === "principal" ? await getPrincipal(iam.db, caller.id) : null;
    const client = caller.kind === "client" ? await getClient(iam.db, caller.id) : null;
    return c.json({
      kind: caller.kind,
      id: caller.id,
      principal,
      client,
      roles: caller.roles,
      scope: caller.scope,
      isOwner: caller.isOwner,
      accessAttributes: caller.attributes,
      sessionId: caller.sessionId,
      passwordChangeRequired: caller.passwordChangeRequired,
    });
  });

  /** Changes the caller's password: revokes its other sessions and clears a pending password change. */
  app.post("/resources/me/password", async (c) => {
    const caller = getCaller(c);
    if (caller.kind !== "principal") throw new DomainError("FORBIDDEN", "Only principals have passwords");
    if (!caller.can("me/password", "write")) throw new DomainError("FORBIDDEN", "Requires me/password:write");
    const body = await jsonBody(c, PasswordChangeSchema);
    const principal = await confirmPassword(c, iam, caller.id, body.currentPassword);
    assertPasswordAcceptable(body.newPassword, { email: principal.email, name: principal.name });
    if (body.newPassword === body.currentPassword)
      throw new DomainError("VALIDATION_FAILED", "The new password must differ from the current one", [
        { path: "newPassword", message: "must differ from the current password" },
      ]);
    await iam.credentials.set(caller.id, await iam.hasher.hash(body.newPassword), false, null);
    await iam.runtime.execute(
      "principal",
      caller.id,
      [{ type: "setPassword", temporary: false, expiresAt: null }],
      initiatorOf(c),
    );
    await iam.sessions.revokeAllSessions({ kind: "principal", id: caller.id }, caller.sessionId);
    await iam.sessionStore.clearPasswordChange(caller.sessionId);
    return c.body(null, 204);
  });

  /** Erases the caller: its principal is deleted, its personal data erased, every session of it revoked. */
  app.post("/resources/me/erase", async (c) => {
    const caller = getCaller(c);
    if (caller.kind !== "principal") throw new DomainError("FORBIDDEN", "Only principals can be erased");
    if (!caller.can("me", "delete")) throw new DomainError("FORBIDDEN", "Requires me:delete");
    const body = await jsonBody(c, EraseMeSchema);
    await confirmPassword(c, iam, caller.id, body.currentPassword);
    await erasePrincipal(iam, caller.id, initiatorOf(c));
    return c.body(null, 204);
  });

  return app;
};

/**
 * The caller's principal once `password` is its password: the same throttle as the sign-in
 * page, on the same account key, so a stolen token is no way to guess the password faster.
 */
const confirmPassword = async (c: Context, iam: IamInternals, id: string, password: string) => {
  const principal = await getPrincipal(iam.db, id);
  if (!principal) throw new DomainError("NOT_FOUND", "Principal not found");
  const keys = [addressKey(await clientAddress(c, iam.config.trustProxy)), accountKey(principal.email)];
  const ok = await iam.throttle.attempt(keys, async () => {
    const cred = await iam.credentials.get(id);
    const right = cred ? await iam.hasher.verify(cred.hash, password) : await iam.hasher.verifyDummy(password);
    return { right, value: right };
  });
  if (!ok)
    throw new DomainError("VALIDATION_FAILED", "The current password is incorrect", [
      { path: "currentPassword", message: "is incorrect" },
    ]);
  return principal;
};
