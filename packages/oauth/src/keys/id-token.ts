import { createHash } from "node:crypto";
import { SignJWT } from "jose";
import type { KeyStore } from "./signing-keys.ts";

type IdTokenClaims = {
  readonly issuer: string;
  readonly subject: string;
  readonly clientId: string;
  readonly sessionId: string;
  readonly accessToken: string;
  readonly nonce?: string | undefined;
  readonly authTime?: Date | undefined;
  readonly extra?: Readonly<Record<string, unknown>>;
};

/** OIDC Core §3.1.3.6: left half of SHA-256 of the access token, base64url (for ES256/RS256). */
const atHash = (accessToken: string): string =>
  createHash("sha256").update(accessToken, "ascii").digest().subarray(0, 16).toString("base64url");

/** Signs an OpenID Connect id_token with the active key; its `kid` names the JWKS entry. */
export const signIdToken = async (keys: KeyStore, claims: IdTokenClaims, now: Date, ttlS: number): Promise<string> => {
  const key = await keys.activeKey();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    ...claims.extra,
    sid: claims.sessionId,
    at_hash: atHash(claims.accessToken),
    ...(claims.nonce !== undefined ? { nonce: claims.nonce } : {}),
    ...(claims.authTime ? { auth_time: Math.floor(claims.authTime.getTime() / 1000) } : {}),
  })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .setIssuer(claims.issuer)
    .setSubject(claims.subject)
    .setAudience(claims.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlS)
    .sign(key.key);
};
