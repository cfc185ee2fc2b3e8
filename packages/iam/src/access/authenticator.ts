import type { Caller } from "@platform/kernel";
import type { Authenticator } from "@platform/http";
import type { Database } from "@platform/db";
import type { SessionStore } from "../sessions/session-store.ts";
import { hashEquals, parseToken } from "../sessions/tokens.ts";
import type { ActivityRecorder } from "./activity.ts";
import { effectiveAllows, effectiveScope } from "./effective.ts";
import { loadIdentity } from "./identity.ts";

/**
 * Bearer token → Caller. No cache: every request reads its session by primary key and its
 * identity (with role ACLs) in one more query, so revocation, suspension, role and ACL
 * changes take effect on the very next request in every process.
 */
export const createAuthenticator = (db: Database, store: SessionStore, recordActivity: ActivityRecorder): Authenticator => ({
  authenticate: async (token) => {
    const parsed = parseToken(token);
    if (!parsed) return null;
    const s = await store.get(parsed.sessionId);
    if (!s || s.revokedAt || !hashEquals(s.accessHash, parsed.hash) || s.accessExpiresAt <= new Date()) return null;
    const identity = await loadIdentity(db, { kind: s.subjectKind, id: s.subjectId });
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
      attributes: identity.accessAttributes,
      passwordChangeRequired: s.passwordChangeRequired,
      can: (resource, permission) => effectiveAllows(s.scope, grants, resource, permission),
    };
    return caller;
  },
});
