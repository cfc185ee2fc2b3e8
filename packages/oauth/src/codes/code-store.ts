import type { SqlPool } from "@platform/db";
import { jsonColumn } from "@platform/db";
import type { Clock } from "@platform/kernel";
import { randomToken, sha256 } from "../util/crypto.ts";

/** What an authorization code stands for, fixed at /oauth/authorize. */
export type CodeGrant = {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly principalId: string;
  /** The granted scope; null = the principal's full permissions (nothing requested, client has no scopes). */
  readonly scope: readonly string[] | null;
  readonly codeChallenge?: string | undefined;
  readonly nonce?: string | undefined;
  readonly authTime: Date;
  readonly passwordChangeRequired: boolean;
  /** Shown as the session's description: the browser that signed in. */
  readonly description: string;
  /** The browser sign-in that authorized it: its sign-out ends the session this code opens. */
  readonly browserSessionId?: string | undefined;
};

export type Redemption =
  | { readonly kind: "ok"; readonly grant: CodeGrant }
  | { readonly kind: "expired" | "unknown" }
  /** Used before: the session it created (if any yet) must be revoked (RFC 6749 §4.1.2, RFC 9700 §4.4). */
  | { readonly kind: "replayed"; readonly sessionId: string | null };

type Row = {
  client_id: string;
  redirect_uri: string;
  principal_id: string;
  scope: string[] | string | null;
  code_challenge: string | null;
  nonce: string | null;
  auth_time: Date | string;
  password_change_required: boolean;
  description: string;
  expires_at: Date | string;
};

/** Kept this long after expiry so that a late replay still revokes what the code issued. */
const KEEP_MS = 86_400_000;

/** Single-use authorization codes; only a SHA-256 of each code is stored. */
export const createCodeStore = (deps: { readonly pool: SqlPool; readonly clock: Clock; readonly ttlS: number }) => ({
  async issue(grant: CodeGrant): Promise<string> {
    const code = randomToken(32);
    const now = deps.clock.now();
    await deps.pool.query("DELETE FROM oauth_codes WHERE expires_at < $1", [
      new Date(now.getTime() - KEEP_MS).toISOString(),
    ]);
    await deps.pool.query(
      `INSERT INTO oauth_codes (code_hash, client_id, redirect_uri, principal_id, scope, code_challenge, nonce,
         auth_time, password_change_required, description, expires_at, browser_session_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        sha256(code),
        grant.clientId,
        grant.redirectUri,
        grant.principalId,
        grant.scope === null ? null : JSON.stringify(grant.scope),
        grant.codeChallenge ?? null,
        grant.nonce ?? null,
        grant.authTime.toISOString(),
        grant.passwordChangeRequired,
        grant.description,
        new Date(now.getTime() + deps.ttlS * 1000).toISOString(),
        grant.browserSessionId ?? null,
      ],
    );
    return code;
  },

  /**
   * Marks the code used, atomically: of two concurrent redemptions exactly one gets "ok".
   * Only the client it was issued to can use it up — another client's attempt leaves it
   * untouched and learns nothing ("unknown").
   */
  async redeem(code: string, clientId: string): Promise<Redemption> {
    const hash = sha256(code);
    const { rows } = await deps.pool.query<Row>(
      `UPDATE oauth_codes SET used_at = $2 WHERE code_hash = $1 AND client_id = $3 AND used_at IS NULL
       RETURNING client_id, redirect_uri, principal_id, scope, code_challenge, nonce, auth_time,
         password_change_required, description, expires_at`,
      [hash, deps.clock.now().toISOString(), clientId],
    );
    const r = rows[0];
    if (!r) {
      const replay = await deps.pool.query<{ session_id: string | null }>(
        "UPDATE oauth_codes SET replayed = true WHERE code_hash = $1 AND client_id = $2 AND used_at " +
          "IS NOT NULL RETURNING session_id",
        [hash, clientId],
      );
      return replay.rows[0] ? { kind: "replayed", sessionId: replay.rows[0].session_id } : { kind: "unknown" };
    }
    if (new Date(r.expires_at) <= deps.clock.now()) return { kind: "expired" };
    const scope = r.scope === null ? null : jsonColumn<string[]>(r.scope);
    return {
      kind: "ok",
      grant: {
        clientId: r.client_id,
        redirectUri: r.redirect_uri,
        principalId: r.principal_id,
        scope,
        codeChallenge: r.code_challenge ?? undefined,
        nonce: r.nonce ?? undefined,
        authTime: new Date(r.auth_time),
        passwordChangeRequired: r.password_change_required,
        description: r.description,
      },
    };
  },

  /** The sessions that codes of a browser sign-in opened (codes outlive the sign-in by a day, so none is missed). */
  async sessionsOfBrowser(browserSessionId: string): Promise<string[]> {
    const { rows } = await deps.pool.query<{ session_id: string }>(
      "SELECT session_id FROM oauth_codes WHERE browser_session_id = $1 AND session_id IS NOT NULL",
      [browserSessionId],
    );
    return rows.map((r) => r.session_id);
  },

  /** Records the session a code created; true when the code was replayed meanwhile (then revoke it). */
  async bindSession(code: string, sessionId: string): Promise<boolean> {
    const { rows } = await deps.pool.query<{ replayed: boolean }>(
      "UPDATE oauth_codes SET session_id = $2 WHERE code_hash = $1 RETURNING replayed",
      [sha256(code), sessionId],
    );
    return rows[0]?.replayed ?? false;
  },
});

export type CodeStore = ReturnType<typeof createCodeStore>;
