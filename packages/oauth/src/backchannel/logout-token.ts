import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import type { KeyStore } from "../keys/signing-keys.ts";

export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";

/** How long a logout token is good for: a receiver should refuse an old one (Back-Channel Logout 2.6). */
const LOGOUT_TOKEN_TTL_S = 120;

/**
 * The `jti` of the logout token for a session's end: the same on every attempt, so a client
 * that already acted on it can drop a repeat (delivery is at least once).
 */
export const logoutTokenId = (sessionId: string): string =>
  createHash("sha256").update(`backchannel-logout:${sessionId}`).digest("base64url").slice(0, 32);

/**
 * A logout token (OpenID Connect Back-Channel Logout 1.0 §2.4): signed like id_tokens (the
 * JWKS verifies it), typed `logout+jwt` so it cannot pass for an id_token, and never
 * carrying a nonce.
 */
export const signLogoutToken = async (
  keys: KeyStore,
  c: { readonly issuer: string; readonly clientId: string; readonly subject: string; readonly sessionId: string },
  now: Date,
): Promise<string> => {
  const key = await keys.activeKey();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: c.sessionId, events: { [BACKCHANNEL_LOGOUT_EVENT]: {} } })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "logout+jwt" })
    .setIssuer(c.issuer)
    .setSubject(c.subject)
    .setAudience(c.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + LOGOUT_TOKEN_TTL_S)
    .setJti(logoutTokenId(c.sessionId))
    .sign(key.key);
};
