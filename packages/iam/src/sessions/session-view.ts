import type { StoredSession } from "./session-store.ts";

/** A session as the API shows it (spec fields plus its scope; never token hashes). */
export const sessionView = (s: StoredSession, currentSessionId?: string) => ({
  id: s.id,
  type: s.type,
  createdAt: s.createdAt.toISOString(),
  accessTokenExpiresAt: s.accessExpiresAt.toISOString(),
  refreshTokenExpiresAt: s.refreshExpiresAt?.toISOString() ?? null,
  isCurrent: s.id === currentSessionId,
  isRevoked: s.revokedAt !== null,
  revokedAt: s.revokedAt?.toISOString() ?? null,
  clientId: s.clientId,
  clientName: s.clientName,
  description: s.description,
  scope: s.scope,
});

export type SessionView = ReturnType<typeof sessionView>;
