import { randomBytes } from "node:crypto";
import { newId } from "@platform/kernel";
import type { Clock } from "@platform/kernel";
import type { Database } from "@platform/db";
import { hashEquals, sha256Hex } from "../sessions/tokens.ts";
import { clientView } from "../read-model/views.ts";

/** A client secret as listed (never with the secret or its hash). */
export type ClientSecretView = {
  readonly id: string;
  readonly description: string;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
};

type Row = {
  id: string;
  client_id: string;
  secret_hash: string;
  description: string;
  created_at: unknown;
  expires_at: unknown;
  last_used_at: unknown;
};
const iso = (v: unknown): string | null =>
  v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
const view = (r: Row): ClientSecretView => ({
  id: r.id,
  description: r.description,
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at),
  lastUsedAt: iso(r.last_used_at),
});
/** How often a used secret's lastUsedAt is written at most. */
const STAMP_EVERY_MS = 60_000;

/** A new high-entropy secret (256 bits, base64url). */
export const generateSecret = (): string => randomBytes(32).toString("base64url");

/**
 * Client secrets in a plain table: SHA-256 of the secret, never the secret. The client
 * actor records each secret's id (ClientSecretCreated/Deleted) for the audit trail; a
 * secret is valid only while its row exists and it has not expired.
 */
export const createSecretStore = (db: Database, clock: Clock) => {
  /** Compares `secret` with every candidate (constant time each); stamps the match's lastUsedAt when a minute old. */
  const stampMatch = async (
    candidates: readonly Pick<Row, "id" | "secret_hash" | "last_used_at">[],
    secret: string,
  ): Promise<string | null> => {
    const hash = sha256Hex(secret);
    let found: (typeof candidates)[number] | undefined;
    for (const r of candidates) if (hashEquals(r.secret_hash, hash)) found = r;
    if (!found) return null;
    const lastUsed = found.last_used_at ? new Date(found.last_used_at as string | Date).getTime() : 0;
    // lastUsedAt has a resolution of a minute: a busy client's grants do not each write it.
    if (clock.now().getTime() - lastUsed > STAMP_EVERY_MS)
      await db.pool.query("UPDATE iam_client_secrets SET last_used_at = now() WHERE id = $1", [found.id]);
    return found.id;
  };
  return {
    async insert(
      clientId: string,
      secret: string,
      description: string,
      expiresAt: string | null,
      id: string = newId(),
    ): Promise<ClientSecretView> {
      const createdAt = clock.now().toISOString();
      await db.pool.query(
        "INSERT INTO iam_client_secrets (id, client_id, secret_hash, description, created_at, " +
          "expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [id, clientId, sha256Hex(secret), description, createdAt, expiresAt],
      );
      return { id, description, createdAt, expiresAt, lastUsedAt: null };
    },
    async list(clientId: string): Promise<ClientSecretView[]> {
      const { rows } = await db.pool.query<Row>(
        "SELECT * FROM iam_client_secrets WHERE client_id = $1 ORDER BY created_at, id",
        [clientId],
      );
      return rows.map(view);
    },
    async delete(clientId: string, id: string): Promise<boolean> {
      const r = await db.pool.query("DELETE FROM iam_client_secrets WHERE client_id = $1 AND id = $2", [clientId, id]);
      return r.rowCount === 1;
    },
    async deleteAll(clientId: string) {
      await db.pool.query("DELETE FROM iam_client_secrets WHERE client_id = $1", [clientId]);
    },
    /**
     * A client and the id of its unexpired secret matching `secret` (null when none does), in
     * one query: the token endpoint's client authentication. Stamps lastUsedAt (to the minute).
     */
    async clientMatching(clientId: string, secret: string) {
      const { rows } = await db.pool.query<Record<string, unknown> & { secrets: Row[] | string }>(
        `SELECT c.*, coalesce((
             SELECT jsonb_agg(
               jsonb_build_object('id', s.id, 'secret_hash', s.secret_hash, 'last_used_at', s.last_used_at)
             )
             FROM iam_client_secrets s
             WHERE s.client_id = c.id AND (s.expires_at IS NULL OR s.expires_at > now())
           ), '[]'::jsonb) AS secrets
           FROM iam_clients c WHERE c.id = $1`,
        [clientId],
      );
      const row = rows[0];
      if (!row) return { client: null, secretId: null };
      const secrets: Row[] = typeof row.secrets === "string" ? (JSON.parse(row.secrets) as Row[]) : row.secrets;
      return { client: clientView(row as never), secretId: await stampMatch(secrets, secret) };
    },
    /**
     * The id of the unexpired secret matching `secret`, stamping lastUsedAt (to the minute); null when none matches.
     */
    async match(clientId: string, secret: string): Promise<string | null> {
      const { rows } = await db.pool.query<Row>(
        "SELECT * FROM iam_client_secrets WHERE client_id = $1 AND (expires_at IS NULL OR expires_at > now())",
        [clientId],
      );
      return stampMatch(rows, secret);
    },
  };
};

export type SecretStore = ReturnType<typeof createSecretStore>;
