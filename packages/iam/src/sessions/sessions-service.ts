import { DomainError, newId, splitScope } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import type { Database } from "@platform/db";
import { loadIdentity } from "../access/identity.ts";
import type { Subject } from "../access/identity.ts";
import type { ActivityRecorder } from "../access/activity.ts";
import { effectiveScope } from "../access/effective.ts";
import type { IdentityGrants } from "../access/effective.ts";
import { getClient } from "../read-model/client-queries.ts";
import type { SessionStore, SessionType, StoredSession } from "./session-store.ts";
import { hashEquals, mintToken, parseToken } from "./tokens.ts";
import { sessionView } from "./session-view.ts";
import type { SessionView } from "./session-view.ts";

export type IssueSessionInput = {
  readonly subject: Subject;
  /** The client that opens the session (null for sessions the platform opens itself, such as test tokens). */
  readonly clientId: string | null;
  readonly type: SessionType;
  /** ACE strings (or a space-separated string); null/undefined = the identity's full permissions. */
  readonly scope?: readonly string[] | string | null;
  readonly description?: string;
  readonly withRefresh: boolean;
  /** Default ACCESS_TOKEN_TTL_S. */
  readonly accessTtlS?: number;
  /** Default REFRESH_TOKEN_TTL_S. */
  readonly refreshTtlS?: number;
  /** A session opened with a temporary password: only password change and /resources/me until then. */
  readonly passwordChangeRequired?: boolean;
  /** When the principal signed in for this session (OpenID Connect auth_time). */
  readonly authTime?: Date;
};

export type IssuedSession = {
  readonly session: SessionView;
  readonly accessToken: string;
  readonly refreshToken?: string;
  readonly expiresIn: number;
  /** What the access token may do: its scope ∩ the identity's permissions (`*` for an owner). */
  readonly effectiveScope: readonly string[];
};

/** What a token is now: `valid: false` says nothing else (unknown, expired, revoked, or its identity suspended). */
export type TokenStatus =
  | { readonly valid: false }
  | {
      readonly valid: true;
      readonly tokenType: "access" | "refresh";
      readonly sessionId: string;
      readonly subject: Subject;
      readonly clientId: string | null;
      readonly sessionType: SessionType;
      /** What it may do: its scope ∩ the identity's permissions, as ACE strings. */
      readonly effectiveScope: readonly string[];
      /** The scope the session was granted, OpenID scopes included; null = the identity's full permissions. */
      readonly grantedScope: readonly string[] | null;
      readonly issuedAt: Date;
      readonly expiresAt: Date;
    };

type Deps = {
  readonly db: Database;
  readonly store: SessionStore;
  readonly recordActivity: ActivityRecorder;
  readonly clock: Clock;
  readonly ttl: { readonly accessTtlS: number; readonly refreshTtlS: number; readonly refreshMaxS: number };
};

/** A refresh refused for its token, session, identity or client (the caller learns no more than the message). */
const refusedRefresh = (message: string) => new DomainError("UNAUTHENTICATED", message);
const normalizeScope = (s: IssueSessionInput["scope"]): string[] | null =>
  s == null ? null : typeof s === "string" ? splitScope(s) : [...new Set(s)];

/** Which of the session's tokens `token` is, if any. */
const matchToken = (s: StoredSession, hash: string): "access_token" | "refresh_token" | "used_refresh" | null => {
  if (hashEquals(s.accessHash, hash)) return "access_token";
  if (hashEquals(s.refreshHash, hash)) return "refresh_token";
  if (s.usedRefreshHashes.some((h) => hashEquals(h, hash))) return "used_refresh";
  return null;
};

/**
 * Sessions and opaque tokens (packages/iam/README.md): issue, refresh with rotation and replay detection, revoke,
 * inspect a token.
 */
export const createSessionsService = ({ db, store, recordActivity, clock, ttl }: Deps) => {
  const activeIdentity = async (subject: Subject) => {
    const identity = await loadIdentity(db, subject);
    if (!identity)
      throw new DomainError("NOT_FOUND", `${subject.kind === "principal" ? "Principal" : "Client"} not found`);
    if (identity.suspended) throw new DomainError("FORBIDDEN", "Account has been suspended", { status: "suspended" });
    return identity;
  };

  /**
   * Stores a new session if its subject may have one, and says what the subject may do and
   * the client's name. A client acting as itself (client_credentials) is checked and stored
   * in one statement; anyone else is loaded first.
   */
  const storeNewSession = async (
    input: IssueSessionInput,
    session: StoredSession,
  ): Promise<{ grants: IdentityGrants; clientName: string | null }> => {
    if (input.subject.kind === "client" && input.subject.id === input.clientId) {
      const r = await store.insertForOwnClient(session);
      if (!r.identity) throw new DomainError("NOT_FOUND", "Client not found");
      if (!r.inserted) throw new DomainError("FORBIDDEN", "Account has been suspended", { status: "suspended" });
      return { grants: r.identity.grants, clientName: r.identity.name };
    }
    const identity = await activeIdentity(input.subject);
    const client = input.clientId ? await getClient(db, input.clientId) : null;
    if (input.clientId && (!client || client.suspendedAt)) throw new DomainError("UNAUTHENTICATED", "invalid client");
    const clientName = client?.name ?? null;
    await store.insert({ ...session, clientName });
    return { grants: identity.grants, clientName };
  };

  const issueSession = async (input: IssueSessionInput): Promise<IssuedSession> => {
    const id = newId();
    const now = clock.now();
    const accessTtlS = input.accessTtlS ?? ttl.accessTtlS;
    const access = mintToken(id);
    const refresh = input.withRefresh ? mintToken(id) : null;
    const fresh: StoredSession = {
      id,
      type: input.type,
      subjectKind: input.subject.kind,
      subjectId: input.subject.id,
      clientId: input.clientId,
      clientName: null,
      description: (input.description ?? "").slice(0, 500),
      scope: normalizeScope(input.scope),
      accessHash: access.hash,
      accessExpiresAt: new Date(now.getTime() + accessTtlS * 1000),
      refreshHash: refresh?.hash ?? null,
      refreshExpiresAt: refresh
        ? new Date(now.getTime() + Math.min(input.refreshTtlS ?? ttl.refreshTtlS, ttl.refreshMaxS) * 1000)
        : null,
      usedRefreshHashes: [],
      passwordChangeRequired: input.passwordChangeRequired ?? false,
      authTime: input.authTime ?? null,
      createdAt: now,
      revokedAt: null,
    };
    const { grants, clientName } = await storeNewSession(input, fresh);
    const session = { ...fresh, clientName };
    // A principal's sign-in is its lastActiveAt at once; a client's token grants (machine
    // traffic, many a second) are stamped at most once a minute.
    await recordActivity(input.subject.id, input.subject.kind === "principal");
    return {
      session: sessionView(session),
      accessToken: access.token,
      ...(refresh ? { refreshToken: refresh.token } : {}),
      expiresIn: accessTtlS,
      effectiveScope: effectiveScope(session.scope, grants),
    };
  };

  /** Rotates a refresh token. A replayed (already rotated) one revokes the whole session. `scope` may only narrow. */
  const refresh = async (refreshToken: string, scope?: readonly string[] | string | null): Promise<IssuedSession> => {
    const parsed = parseToken(refreshToken);
    const s = parsed ? await store.get(parsed.sessionId) : null;
    if (!parsed || !s) throw refusedRefresh("invalid refresh token");
    const kind = matchToken(s, parsed.hash);
    if (kind === "used_refresh") {
      await store.revoke(s.id);
      throw refusedRefresh("refresh token was already used; the session has been revoked");
    }
    if (kind !== "refresh_token" || s.revokedAt || !s.refreshExpiresAt || s.refreshExpiresAt <= clock.now())
      throw refusedRefresh("invalid refresh token");
    // However often it rotates, a refresh token lives no longer than its session's creation + REFRESH_TOKEN_MAX_S.
    const endOfSession = s.createdAt.getTime() + ttl.refreshMaxS * 1000;
    if (endOfSession <= clock.now().getTime()) throw refusedRefresh("invalid refresh token");
    const identity = await activeIdentity({ kind: s.subjectKind, id: s.subjectId }).catch(() => {
      throw refusedRefresh("the identity is suspended or gone");
    });
    const client = s.clientId ? await getClient(db, s.clientId) : null;
    if (s.clientId && (!client || client.suspendedAt)) throw refusedRefresh("the client is suspended or gone");
    const requested = normalizeScope(scope);
    if (requested && s.scope && requested.some((a) => !s.scope!.includes(a)))
      throw new DomainError("FORBIDDEN", "requested scope exceeds the granted scope");
    const nextScope = requested ?? s.scope;
    const access = mintToken(s.id);
    const next = mintToken(s.id);
    const now = clock.now().getTime();
    const rotated = await store.rotate(
      s.id,
      s.refreshHash!,
      {
        accessHash: access.hash,
        accessExpiresAt: new Date(now + ttl.accessTtlS * 1000),
        refreshHash: next.hash,
        refreshExpiresAt: new Date(Math.min(now + ttl.refreshTtlS * 1000, endOfSession)),
        scope: nextScope,
      },
      s.usedRefreshHashes,
    );
    if (!rotated) {
      // Another request rotated it first: this use is a replay (RFC 9700 §4.14).
      await store.revoke(s.id);
      throw refusedRefresh("refresh token was already used; the session has been revoked");
    }
    const updated = (await store.get(s.id))!;
    await recordActivity(s.subjectId);
    return {
      session: sessionView(updated),
      accessToken: access.token,
      refreshToken: next.token,
      expiresIn: ttl.accessTtlS,
      effectiveScope: effectiveScope(updated.scope, identity.grants),
    };
  };

  /** Revokes the session an access or refresh token belongs to; unknown tokens are ignored (RFC 7009). */
  const revokeToken = async (token: string): Promise<void> => {
    const parsed = parseToken(token);
    const s = parsed ? await store.get(parsed.sessionId) : null;
    if (parsed && s && matchToken(s, parsed.hash)) await store.revoke(s.id);
  };

  const inspectToken = async (token: string): Promise<TokenStatus> => {
    const parsed = parseToken(token);
    const s = parsed ? await store.get(parsed.sessionId) : null;
    if (!parsed || !s || s.revokedAt) return { valid: false };
    const kind = matchToken(s, parsed.hash);
    const now = clock.now();
    if (kind !== "access_token" && kind !== "refresh_token") return { valid: false };
    if (kind === "access_token" ? s.accessExpiresAt <= now : !s.refreshExpiresAt || s.refreshExpiresAt <= now)
      return { valid: false };
    const identity = await loadIdentity(db, { kind: s.subjectKind, id: s.subjectId });
    if (!identity || identity.suspended) return { valid: false };
    return {
      valid: true,
      tokenType: kind === "access_token" ? "access" : "refresh",
      sessionId: s.id,
      subject: { kind: s.subjectKind, id: s.subjectId },
      clientId: s.clientId,
      sessionType: s.type,
      effectiveScope: effectiveScope(s.scope, identity.grants),
      grantedScope: s.scope,
      issuedAt: s.createdAt,
      expiresAt: kind === "access_token" ? s.accessExpiresAt : s.refreshExpiresAt!,
    };
  };

  return {
    issueSession,
    refresh,
    revokeToken,
    inspectToken,
    /** Revokes one session by id; true when it was active. */
    revokeSession: (id: string) => store.revoke(id),
    /** Revokes every session of an identity (suspension, deletion). */
    revokeAllSessions: (subject: Subject, keep?: string) => store.revokeAllOf(subject.kind, subject.id, keep),
    listSessions: async (subject: Subject, currentSessionId?: string) =>
      (await store.listForSubject(subject.kind, subject.id)).map((s) => sessionView(s, currentSessionId)),
    getSession: async (id: string) => {
      const s = await store.get(id);
      return s ? { ...sessionView(s), subject: { kind: s.subjectKind, id: s.subjectId }, authTime: s.authTime } : null;
    },
  };
};

export type SessionsService = ReturnType<typeof createSessionsService>;
