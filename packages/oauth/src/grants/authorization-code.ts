import type { Context } from "hono";
import { OAuthError } from "../errors/oauth-error.ts";
import type { IssuedTokens } from "../iam/iam-port.ts";
import type { OAuthServices } from "../services.ts";
import type { FormParams } from "../util/form.ts";
import { verifyPkce } from "../util/pkce.ts";
import type { AuthenticatedClient } from "./client-auth.ts";
import { idTokenFor, sendTokens } from "./token-response.ts";
import { issueOrInvalidGrant } from "./issue.ts";

/**
 * RFC 6749 §4.1.3 with RFC 9700's rules in code: the code is single-use (a second use
 * revokes the session the first created), bound to its client and redirect URI, and the
 * PKCE verifier is checked whenever a challenge was sent and refused when none was.
 */
export const authorizationCodeGrant = async (
  c: Context,
  s: OAuthServices,
  form: FormParams,
  { client, method }: AuthenticatedClient,
) => {
  const code = form.get("code");
  if (!code) throw new OAuthError("invalid_request", "code is required");
  const redemption = await s.codes.redeem(code, client.id);
  if (redemption.kind === "replayed") {
    if (redemption.sessionId) await s.iam().revokeSession(redemption.sessionId);
    throw new OAuthError(
      "invalid_grant",
      "The authorization code was already used; the tokens issued for it are revoked",
    );
  }
  if (redemption.kind !== "ok") throw new OAuthError("invalid_grant", "The authorization code is invalid or expired");
  const grant = redemption.grant;
  const redirectUri = form.get("redirect_uri");
  if (redirectUri !== grant.redirectUri || !client.redirectUris.includes(redirectUri))
    throw new OAuthError("invalid_grant", "invalid redirect URI");
  const verifier = form.get("code_verifier");
  if (grant.codeChallenge !== undefined) {
    if (verifier === undefined)
      throw new OAuthError("invalid_grant", "code_verifier is required (a code_challenge was sent)");
    if (!verifyPkce(verifier, grant.codeChallenge)) throw new OAuthError("invalid_grant", "PKCE verification failed");
  } else if (verifier !== undefined) {
    throw new OAuthError("invalid_grant", "code_verifier sent, but the authorization request had no code_challenge");
  } else if (method === "none") {
    // A public client proves nothing but PKCE (e.g. a client made public after this code was issued).
    throw new OAuthError("invalid_grant", "PKCE is required for public clients");
  }

  const tokens: IssuedTokens = await issueOrInvalidGrant(s, {
    subject: { kind: "principal", id: grant.principalId },
    clientId: client.id,
    type: "interactive",
    scope: grant.scope,
    description: grant.description,
    withRefresh: client.grantTypes.includes("refresh_token"),
    passwordChangeRequired: grant.passwordChangeRequired,
    authTime: grant.authTime,
  });
  if (await s.codes.bindSession(code, tokens.sessionId)) {
    // Replayed while we were issuing: what this code issued must not survive.
    await s.iam().revokeSession(tokens.sessionId);
    throw new OAuthError(
      "invalid_grant",
      "The authorization code was already used; the tokens issued for it are revoked",
    );
  }
  return sendTokens(c, tokens, await idTokenFor(s, tokens, { nonce: grant.nonce }));
};
