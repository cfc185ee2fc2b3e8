import type { Caller, Clock } from "@platform/kernel";
import type { Authenticator } from "@platform/ports";
import type { SessionStore } from "../sessions/session-store.ts";
import { hashEquals, parseToken } from "../sessions/tokens.ts";
import type { ActivityRecorder } from "./activity.ts";
import { effectiveAllows, effectiveScope } from "./effective.ts";

/**
 * Bearer token → Caller. No cache: every request reads its session by primary key joined
 * with its identity (and role ACLs) in one statement, so revocation, suspension, role and
 * ACL changes take effect on the very next request in every process.
 */
export const createAuthenticator = (
  store: SessionStore,
  recordActivity: ActivityRecorder,
  clock: Clock,
): Authenticator => ({
  authenticate: async (token) => {
    const parsed = parseToken(token);
    if (!parsed) return null;
    const found = await store.getForBearer(parsed.sessionId);
    if (!found) return null;
    const { session: s, identity } = found;
    if (s.revokedAt || !hashEquals(s.accessHash, parsed.hash) || s.accessExpiresAt <= clock.now()) return null;
    if (!identity || identity.suspended) return null;
    await recordActivity(identity.id);
    const grants = identity.grants;
    const caller: Caller = {
      kind: identity.kind,
      id: identity.id,
      ...(identity.kind === "principal" ? { principalId: identity.id } : { clientId: identity.id }),
      sessionId: s.id,
      roles: identity.roles,
      isOwner: grants.isOwner,
      scope: effectiveScope(s.scope, grants),
      tokenScope: s.scope,
      attributes: identity.accessAttributes,
      passwordChangeRequired: s.passwordChangeRequired,
      can: (resource, permission) => effectiveAllows(s.scope, grants, resource, permission),
    };
    return caller;
  },
});
