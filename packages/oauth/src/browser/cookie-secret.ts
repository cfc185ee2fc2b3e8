import type { SqlPool } from "@platform/db";
import { randomToken } from "../util/crypto.ts";

/**
 * The key that signs browser cookies: COOKIE_SECRET when configured, otherwise a random
 * secret made once and kept in `oauth_settings`, so every process (and every restart)
 * agrees on it.
 */
export const loadCookieSecret = async (pool: SqlPool, configured: string | undefined): Promise<string> => {
  if (configured) return configured;
  await pool.query(
    "INSERT INTO oauth_settings (name, value) VALUES ('cookie_secret', $1) ON CONFLICT (name) DO NOTHING",
    [randomToken(32)],
  );
  const { rows } = await pool.query<{ value: string }>("SELECT value FROM oauth_settings WHERE name = 'cookie_secret'");
  return rows[0]!.value;
};
