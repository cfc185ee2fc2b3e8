import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from "jose";
import type { CryptoKey, JWK } from "jose";
import type { SqlPool } from "@platform/db";
import { jsonColumn, withTransaction } from "@platform/db";
import type { Clock } from "@platform/kernel";

/** The algorithm of every signing key (ECDSA P-256: small keys, fast, supported by every OIDC client). */
export const SIGNING_ALG = "ES256";

type SigningKey = {
  readonly kid: string;
  readonly alg: string;
  readonly key: CryptoKey;
  readonly signUntil: Date;
};

export type KeyStore = {
  /** The key to sign with now; makes (and persists) a new one when the newest is past its signing period. */
  activeKey(): Promise<SigningKey>;
  /** The public JWKS: every key not yet expired, so tokens signed before a rotation still verify. */
  jwks(): Promise<{ keys: JWK[] }>;
};

type KeyRow = {
  kid: string;
  alg: string;
  private_jwk: JWK | string;
  public_jwk: JWK | string;
  sign_until: Date | string;
};

const DAY_MS = 86_400_000;

/**
 * Signing keys persisted in `oauth_keys`, shared by every process. A key signs for
 * `rotationDays`, then a new key takes over; the old one stays published for another
 * `rotationDays` (far longer than any id_token lives) and is then deleted.
 */
export const createKeyStore = (deps: {
  readonly pool: SqlPool;
  readonly clock: Clock;
  readonly rotationDays: number;
}): KeyStore => {
  let cached: SigningKey | undefined;

  const load = async (row: KeyRow): Promise<SigningKey> => ({
    kid: row.kid,
    alg: row.alg,
    key: (await importJWK(jsonColumn(row.private_jwk), row.alg)) as CryptoKey,
    signUntil: new Date(row.sign_until),
  });

  const newest = async (q: Pick<SqlPool, "query">, now: Date) =>
    (
      await q.query<KeyRow>(
        "SELECT kid, alg, private_jwk, public_jwk, sign_until FROM oauth_keys WHERE sign_until > $1 " +
          "ORDER BY created_at DESC, kid LIMIT 1",
        [now.toISOString()],
      )
    ).rows[0];

  const create = async (now: Date): Promise<SigningKey> =>
    withTransaction(deps.pool, async (tx) => {
      // One process makes the key; the others wait and find it.
      await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':oauth_keys'))");
      const existing = await newest(tx, now);
      if (existing) return load(existing);
      const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      const signUntil = new Date(now.getTime() + deps.rotationDays * DAY_MS);
      const expiresAt = new Date(signUntil.getTime() + deps.rotationDays * DAY_MS);
      await tx.query(
        "INSERT INTO oauth_keys (kid, alg, public_jwk, private_jwk, created_at, sign_until, " +
          "expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [
          kid,
          SIGNING_ALG,
          JSON.stringify({ ...publicJwk, kid, alg: SIGNING_ALG, use: "sig" }),
          JSON.stringify(await exportJWK(privateKey)),
          now.toISOString(),
          signUntil.toISOString(),
          expiresAt.toISOString(),
        ],
      );
      return { kid, alg: SIGNING_ALG, key: privateKey, signUntil };
    });

  return {
    activeKey: async () => {
      const now = deps.clock.now();
      if (cached && cached.signUntil > now) return cached;
      const row = await newest(deps.pool, now);
      cached = row ? await load(row) : await create(now);
      return cached;
    },
    jwks: async () => {
      const now = deps.clock.now().toISOString();
      await deps.pool.query("DELETE FROM oauth_keys WHERE expires_at <= $1", [now]);
      const { rows } = await deps.pool.query<{ public_jwk: JWK | string }>(
        "SELECT public_jwk FROM oauth_keys WHERE expires_at > $1 ORDER BY created_at DESC",
        [now],
      );
      return { keys: rows.map((r) => jsonColumn(r.public_jwk)) };
    },
  };
};
