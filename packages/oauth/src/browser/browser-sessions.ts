import type { Context } from "hono";
import type { SqlPool } from "@platform/db";
import type { Clock } from "@platform/kernel";
import { randomToken } from "../util/crypto.ts";
import type { CookieJar } from "./cookies.ts";

const COOKIE = "oauth_session";

/** A signed-in browser at the authorization server (not an API session: it holds no token). */
export type BrowserSession = {
  readonly id: string;
  readonly principalId: string;
  readonly authTime: Date;
  readonly passwordChangeRequired: boolean;
};

type Row = { id: string; principal_id: string; auth_time: Date | string; password_change_required: boolean };

/**
 * Browser sessions live in `oauth_browser_sessions` (every process sees a sign-in and a
 * sign-out at once); the cookie holds only the signed session id.
 */
export const createBrowserSessions = (deps: {
  readonly pool: SqlPool;
  readonly clock: Clock;
  readonly jar: CookieJar;
  readonly ttlS: number;
}) => ({
  async current(c: Context): Promise<BrowserSession | undefined> {
    const id = deps.jar.get(c, COOKIE);
    if (!id) return undefined;
    const { rows } = await deps.pool.query<Row>(
      "SELECT id, principal_id, auth_time, password_change_required FROM oauth_browser_sessions " +
        "WHERE id = $1 AND expires_at > $2",
      [id, deps.clock.now().toISOString()],
    );
    const r = rows[0];
    // Ended (signed out, expired, or by its principal's password change, suspension or deletion): forget the cookie
    // too.
    if (!r) deps.jar.clear(c, COOKIE);
    return (
      r && {
        id: r.id,
        principalId: r.principal_id,
        authTime: new Date(r.auth_time),
        passwordChangeRequired: r.password_change_required,
      }
    );
  },

  async signIn(c: Context, principalId: string, passwordChangeRequired: boolean): Promise<BrowserSession> {
    const old = deps.jar.get(c, COOKIE);
    if (old) await deps.pool.query("DELETE FROM oauth_browser_sessions WHERE id = $1", [old]);
    const now = deps.clock.now();
    const id = randomToken(24); // a fresh id on every sign-in: no session fixation
    await deps.pool.query(
      "INSERT INTO oauth_browser_sessions (id, principal_id, auth_time, expires_at, " +
        "password_change_required) VALUES ($1, $2, $3, $4, $5)",
      [
        id,
        principalId,
        now.toISOString(),
        new Date(now.getTime() + deps.ttlS * 1000).toISOString(),
        passwordChangeRequired,
      ],
    );
    await deps.pool.query("DELETE FROM oauth_browser_sessions WHERE expires_at <= $1", [now.toISOString()]);
    deps.jar.set(c, COOKIE, id, deps.ttlS);
    return { id, principalId, authTime: now, passwordChangeRequired };
  },

  async signOut(c: Context): Promise<void> {
    const id = deps.jar.get(c, COOKIE);
    if (id) await deps.pool.query("DELETE FROM oauth_browser_sessions WHERE id = $1", [id]);
    deps.jar.clear(c, COOKIE);
  },
});
