import type { Context } from "hono";
import type { IssuedTokens } from "../iam/iam-port.ts";
import { signIdToken } from "../keys/id-token.ts";
import type { OAuthServices } from "../services.ts";
import { claimsFor, wantsClaims } from "../userinfo/claims.ts";

/** Whether the session's scope grants OpenID Connect (and so an id_token). */
const grantsOpenId = (scope: readonly string[] | null): boolean => !!scope?.includes("openid");

/**
 * An id_token for a principal's session when `openid` was granted, else undefined. It
 * carries the claims its scope releases (the same as userinfo), `sid`, `at_hash`, and
 * `auth_time` (the original sign-in's, also after a refresh).
 */
export const idTokenFor = async (
  s: OAuthServices,
  tokens: IssuedTokens,
  extra: { readonly nonce?: string | undefined } = {},
) => {
  if (!grantsOpenId(tokens.scope) || tokens.subject.kind !== "principal" || !tokens.clientId) return undefined;
  const principal = wantsClaims(tokens.scope) ? await s.iam().principalClaims(tokens.subject.id) : undefined;
  return signIdToken(
    s.keys,
    {
      issuer: s.issuer,
      subject: tokens.subject.id,
      clientId: tokens.clientId,
      sessionId: tokens.sessionId,
      accessToken: tokens.accessToken,
      nonce: extra.nonce,
      authTime: tokens.authTime ?? undefined,
      extra: principal ? claimsFor(tokens.scope, principal) : {},
    },
    s.clock.now(),
    s.options.idTokenTtlS,
  );
};

/**
 * RFC 6749 §5.1, never cached (`Cache-Control: no-store`). `scope` is the granted scope; for a token
 * issued with the identity's full permissions (nothing requested, nothing configured) it
 * is that identity's effective scope as IAM reports it (`*` for an owner).
 */
export const sendTokens = (c: Context, tokens: IssuedTokens, idToken: string | undefined) => {
  const scope = (tokens.scope ?? tokens.effectiveScope).join(" ");
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  return c.json({
    access_token: tokens.accessToken,
    token_type: "Bearer",
    expires_in: tokens.expiresIn,
    ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
    scope,
    ...(idToken ? { id_token: idToken } : {}),
  });
};
