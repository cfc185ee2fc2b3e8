import type { Database } from "@platform/db";

type Row = {
  principal_id: string;
  password_hash: string;
  temporary: boolean;
  expires_at: unknown;
  consumed_at: unknown;
};

/**
 * Password hashes in a plain table (deletable, never in the journal); the principal's events say only that a password
 * was set.
 */
export const createCredentialStore = (db: Database) => ({
  async get(
    principalId: string,
  ): Promise<{ hash: string; temporary: boolean; expiresAt: Date | null; consumed: boolean } | null> {
    const { rows } = await db.pool.query<Row>("SELECT * FROM iam_credentials WHERE principal_id = $1", [principalId]);
    const r = rows[0];
    if (!r) return null;
    return {
      hash: r.password_hash,
      temporary: r.temporary,
      expiresAt: r.expires_at == null ? null : new Date(r.expires_at as string | Date),
      consumed: r.consumed_at != null,
    };
  },
  async set(principalId: string, hash: string, temporary: boolean, expiresAt: string | null) {
    await db.pool.query(
      `INSERT INTO iam_credentials (principal_id, password_hash, temporary, expires_at, updated_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (principal_id) DO UPDATE SET password_hash = EXCLUDED.password_hash,
         temporary = EXCLUDED.temporary, expires_at = EXCLUDED.expires_at, consumed_at = NULL, updated_at = now()`,
      [principalId, hash, temporary, expiresAt],
    );
  },
  /**
   * Uses up a temporary password: true only for the one login that consumed it. It stays
   * stored so the session it opened can prove it as `currentPassword` when changing it.
   */
  async consumeTemporary(principalId: string, hash: string): Promise<boolean> {
    const r = await db.pool.query(
      "UPDATE iam_credentials SET consumed_at = now() WHERE principal_id = $1 AND temporary AND " +
        "consumed_at IS NULL AND password_hash = $2",
      [principalId, hash],
    );
    return r.rowCount === 1;
  },
  async delete(principalId: string) {
    await db.pool.query("DELETE FROM iam_credentials WHERE principal_id = $1", [principalId]);
  },
});

export type CredentialStore = ReturnType<typeof createCredentialStore>;
