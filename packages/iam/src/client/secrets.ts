import { randomBytes } from "node:crypto";
import { newId } from "@platform/kernel";
import type { Database } from "@platform/db";
import { hashEquals, sha256Hex } from "../sessions/tokens.ts";

/** A client secret as listed (never with the secret or its hash). */
export type ClientSecretView = {
  readonly id: string;
  readonly description: string;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
};

type Row = { id: string; client_id: string; secret_hash: string; description: string; created_at: unknown; expires_at: unknown; last_used_at: unknown };
const iso = (v: unknown): string | null => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());
const view = (r: Row): ClientSecretView => ({ id: r.id, description: r.description, createdAt: iso(r.created_at)!, expiresAt: iso(r.expires_at), lastUsedAt: iso(r.last_used_at) });

/** A new high-entropy secret (256 bits, base64url). */
export const generateSecret = (): string => randomBytes(32).toString("base64url");

/**
 * Client secrets in a plain table: SHA-256 of the secret, never the secret. The client
 * actor records each secret's id (ClientSecretCreated/Deleted) for the audit trail; a
 * secret is valid only while its row exists and it has not expired.
 */
export const createSecretStore = (db: Database) => ({
  async insert(clientId: string, secret: string, description: string, expiresAt: string | null, id: string = newId()): Promise<ClientSecretView> {
    const createdAt = new Date().toISOString();
    await db.pool.query("INSERT INTO iam_client_secrets (id, client_id, secret_hash, description, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)", [
      id,
      clientId,
      sha256Hex(secret),
      description,
      createdAt,
      expiresAt,
    ]);
    return { id, description, createdAt, expiresAt, lastUsedAt: null };
  },
  async list(clientId: string): Promise<ClientSecretView[]> {
    const { rows } = await db.pool.query<Row>("SELECT * FROM iam_client_secrets WHERE client_id = $1 ORDER BY created_at, id", [clientId]);
    return rows.map(view);
  },
  async delete(clientId: string, id: string): Promise<boolean> {
    const r = await db.pool.query("DELETE FROM iam_client_secrets WHERE client_id = $1 AND id = $2", [clientId, id]);
    return r.rowCount === 1;
  },
  async deleteAll(clientId: string) {
    await db.pool.query("DELETE FROM iam_client_secrets WHERE client_id = $1", [clientId]);
  },
  /** The id of the unexpired secret matching `secret`, stamping lastUsedAt; null when none matches. */
  async match(clientId: string, secret: string): Promise<string | null> {
    const hash = sha256Hex(secret);
    const { rows } = await db.pool.query<Row>("SELECT * FROM iam_client_secrets WHERE client_id = $1 AND (expires_at IS NULL OR expires_at > now())", [clientId]);
    let found: string | null = null;
    for (const r of rows) if (hashEquals(r.secret_hash, hash)) found = r.id;
    if (found) await db.pool.query("UPDATE iam_client_secrets SET last_used_at = now() WHERE id = $1", [found]);
    return found;
  },
});

export type SecretStore = ReturnType<typeof createSecretStore>;
