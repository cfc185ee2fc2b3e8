import { createBatchLoader } from "@platform/db";
import type { Database } from "@platform/db";
import { SESSION_ENDS_CHANNEL } from "./session-ends.ts";
import { SESSION_WITH_IDENTITY, identityFromJoinedRow, identityFromRow, identitySql } from "../access/identity.ts";
import type { IdentityRow } from "../access/identity.ts";
import type { LoadedIdentity, SubjectKind } from "../access/identity.ts";

export type SessionType = "interactive" | "api" | "pat";

/** A session as stored (iam_sessions), camel-cased. Token hashes never leave this module's callers. */
export type StoredSession = {
  readonly id: string;
  readonly type: SessionType;
  readonly subjectKind: SubjectKind;
  readonly subjectId: string;
  readonly clientId: string | null;
  readonly clientName: string | null;
  readonly description: string;
  /** null = issued without a scope: the identity's full permissions. */
  readonly scope: readonly string[] | null;
  readonly accessHash: string;
  readonly accessExpiresAt: Date;
  readonly refreshHash: string | null;
  readonly refreshExpiresAt: Date | null;
  readonly usedRefreshHashes: readonly string[];
  readonly passwordChangeRequired: boolean;
  /** When the principal signed in for this session (OpenID Connect auth_time); null when not a sign-in. */
  readonly authTime: Date | null;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
};

type Row = Record<string, unknown>;
const scopeOf = (v: unknown): readonly string[] | null => (v == null ? null : String(v).split(" ").filter(Boolean));
const date = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const json = <T>(v: unknown, fallback: T): T =>
  v == null ? fallback : typeof v === "string" ? (JSON.parse(v) as T) : (v as T);

const fromRow = (r: Row): StoredSession => ({
  id: String(r.id),
  type: r.type as SessionType,
  subjectKind: r.subject_kind as SubjectKind,
  subjectId: String(r.subject_id),
  clientId: (r.client_id as string | null) ?? null,
  clientName: (r.client_name as string | null) ?? null,
  description: String(r.description ?? ""),
  scope: scopeOf(r.scope),
  accessHash: String(r.access_hash),
  accessExpiresAt: date(r.access_expires_at),
  refreshHash: (r.refresh_hash as string | null) ?? null,
  refreshExpiresAt: r.refresh_expires_at == null ? null : date(r.refresh_expires_at),
  usedRefreshHashes: json<string[]>(r.used_refresh_hashes, []),
  passwordChangeRequired: r.password_change_required === true,
  authTime: r.auth_time == null ? null : date(r.auth_time),
  createdAt: date(r.created_at),
  revokedAt: r.revoked_at == null ? null : date(r.revoked_at),
});

/** The part of a session the bearer check of every request reads (`getForBearer`). */
export type BearerSession = Pick<
  StoredSession,
  | "id"
  | "subjectKind"
  | "subjectId"
  | "scope"
  | "accessHash"
  | "accessExpiresAt"
  | "revokedAt"
  | "passwordChangeRequired"
>;

/**
 * Revokes the active sessions `where` selects and, in the same statement, queues the end of
 * each one whose client was handed an id_token (a sign-in's session granted `openid`) and
 * has a back-channel logout URI
 * (iam_session_ends, delivered by the OAuth context). Returns how many sessions ended.
 */
const endSessions = async (db: Database, where: string, params: readonly unknown[]): Promise<number> => {
  const { rows } = await db.pool.query<{ ended: string | number; queued: string | number }>(
    `WITH ended AS (
       UPDATE iam_sessions SET revoked_at = now() WHERE revoked_at IS NULL AND ${where}
       RETURNING id, type, subject_kind, subject_id, client_id, scope),
     queued AS (
       INSERT INTO iam_session_ends (session_id, client_id, subject_id, ended_at, next_attempt_at)
       SELECT e.id, e.client_id, e.subject_id, now(), now() FROM ended e JOIN iam_clients c ON c.id = e.client_id
       WHERE e.type = 'interactive' AND e.subject_kind = 'principal' AND c.backchannel_logout_uri IS NOT NULL
         AND ' ' || coalesce(e.scope, '') || ' ' LIKE '% openid %'
       ON CONFLICT (session_id) DO NOTHING
       RETURNING 1)
     SELECT (SELECT count(*) FROM ended) AS ended, (SELECT count(*) FROM queued) AS queued`,
    params as unknown[],
  );
  if (Number(rows[0]?.queued ?? 0) > 0) await db.notify(SESSION_ENDS_CHANNEL, "").catch(() => undefined);
  return Number(rows[0]?.ended ?? 0);
};

/** Keeps this many rotated refresh-token hashes per session for replay detection. */
const USED_REFRESH_KEEP = 20;

/**
 * Plain-table access to sessions: every validation is a primary-key lookup, so revocation is seen by the next request
 * in every process.
 */
export const createSessionStore = (db: Database) => {
  const bearerLoader = createBatchLoader(
    async (ids: readonly string[]) => {
      const { rows } = await db.pool.query<Row>(SESSION_WITH_IDENTITY, [ids]);
      const found = new Map<string, { session: BearerSession; identity: LoadedIdentity | null }>();
      for (const r of rows) {
        const session: BearerSession = {
          id: String(r.id),
          subjectKind: r.subject_kind as SubjectKind,
          subjectId: String(r.subject_id),
          scope: scopeOf(r.scope),
          accessHash: String(r.access_hash),
          accessExpiresAt: date(r.access_expires_at),
          revokedAt: r.revoked_at == null ? null : date(r.revoked_at),
          passwordChangeRequired: r.password_change_required === true,
        };
        found.set(session.id, { session, identity: identityFromJoinedRow(session.subjectKind, r) });
      }
      return found;
    },
    { oneAtATime: true },
  );
  return {
    async insert(s: StoredSession) {
      await db.pool.query(
        `INSERT INTO iam_sessions (id, type, subject_kind, subject_id, client_id, client_name, description, scope,
           access_hash, access_expires_at, refresh_hash, refresh_expires_at, password_change_required, created_at,
           auth_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          s.id,
          s.type,
          s.subjectKind,
          s.subjectId,
          s.clientId,
          s.clientName,
          s.description,
          s.scope === null ? null : s.scope.join(" "),
          s.accessHash,
          s.accessExpiresAt.toISOString(),
          s.refreshHash,
          s.refreshExpiresAt?.toISOString() ?? null,
          s.passwordChangeRequired,
          s.createdAt.toISOString(),
          s.authTime?.toISOString() ?? null,
        ],
      );
    },
    /**
     * Inserts the session only if its subject exists and is not suspended, reading that
     * identity in the same statement (one round trip for a client's own token grant). The
     * session's clientName is the identity's name (the subject is the client). Returns the
     * identity (null when it does not exist) and whether the session was stored.
     */
    async insertForOwnClient(s: StoredSession): Promise<{ identity: LoadedIdentity | null; inserted: boolean }> {
      const { rows } = await db.pool.query<Row>(
        `WITH ident AS (${identitySql("client", "$11")}),
              ins AS (
                INSERT INTO iam_sessions (id, type, subject_kind, subject_id, client_id, client_name, description,
                  scope, access_hash, access_expires_at, refresh_hash, refresh_expires_at, password_change_required,
                  created_at)
                SELECT $1, $2, 'client', $11, $11, ident.name, $3, $4, $5, $6, $7, $8, $9, $10
                FROM ident WHERE ident.suspended_at IS NULL
                RETURNING 1)
         SELECT ident.*, EXISTS (SELECT 1 FROM ins) AS inserted FROM ident`,
        [
          s.id,
          s.type,
          s.description,
          s.scope === null ? null : s.scope.join(" "),
          s.accessHash,
          s.accessExpiresAt.toISOString(),
          s.refreshHash,
          s.refreshExpiresAt?.toISOString() ?? null,
          s.passwordChangeRequired,
          s.createdAt.toISOString(),
          s.subjectId,
        ],
      );
      const row = rows[0];
      return row
        ? { identity: identityFromRow("client", row as unknown as IdentityRow), inserted: row.inserted === true }
        : { identity: null, inserted: false };
    },
    async get(id: string): Promise<StoredSession | null> {
      const { rows } = await db.pool.query<Row>("SELECT * FROM iam_sessions WHERE id = $1", [id]);
      return rows[0] ? fromRow(rows[0]) : null;
    },
    /**
     * What the bearer check needs of a session, with its identity (null when that is gone), in
     * one statement; the checks of requests arriving together share it (`createBatchLoader`).
     */
    getForBearer: (id: string) => bearerLoader(id.toLowerCase()).then((found) => found ?? null),
    async listForSubject(kind: SubjectKind, id: string): Promise<StoredSession[]> {
      const { rows } = await db.pool.query<Row>(
        "SELECT * FROM iam_sessions WHERE subject_kind = $1 AND subject_id = $2 ORDER BY created_at " +
          "DESC, id DESC LIMIT 500",
        [kind, id],
      );
      return rows.map(fromRow);
    },
    /**
     * Rotates the tokens if `oldRefreshHash` is still the current one (compare-and-swap):
     * false when another request used it first.
     */
    async rotate(
      id: string,
      oldRefreshHash: string,
      next: {
        accessHash: string;
        accessExpiresAt: Date;
        refreshHash: string;
        refreshExpiresAt: Date;
        scope: readonly string[] | null;
      },
      used: readonly string[],
    ): Promise<boolean> {
      const r = await db.pool.query(
        `UPDATE iam_sessions SET access_hash = $3, access_expires_at = $4, refresh_hash = $5, refresh_expires_at = $6,
           scope = $7, used_refresh_hashes = $8::jsonb
         WHERE id = $1 AND refresh_hash = $2 AND revoked_at IS NULL`,
        [
          id,
          oldRefreshHash,
          next.accessHash,
          next.accessExpiresAt.toISOString(),
          next.refreshHash,
          next.refreshExpiresAt.toISOString(),
          next.scope === null ? null : next.scope.join(" "),
          JSON.stringify([...used, oldRefreshHash].slice(-USED_REFRESH_KEEP)),
        ],
      );
      return r.rowCount === 1;
    },
    /** Revokes one session; true when it was active. */
    async revoke(id: string): Promise<boolean> {
      return (await endSessions(db, "id = $1::uuid", [id])) > 0;
    },
    /**
     * Revokes every active session of an identity, except `keep` (the caller's own, on
     * password change). For a client this includes the sessions it opened for principals.
     */
    async revokeAllOf(kind: SubjectKind, subjectId: string, keep?: string): Promise<number> {
      return endSessions(
        db,
        "((subject_kind = $1 AND subject_id = $2) OR ($1 = 'client' AND client_id = $2)) AND " +
          "($3::uuid IS NULL OR id <> $3::uuid)",
        [kind, subjectId, keep ?? null],
      );
    },
    async clearPasswordChange(id: string) {
      await db.pool.query("UPDATE iam_sessions SET password_change_required = false WHERE id = $1", [id]);
    },
  };
};

export type SessionStore = ReturnType<typeof createSessionStore>;
