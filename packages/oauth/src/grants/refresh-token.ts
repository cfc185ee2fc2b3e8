import type { Context } from "hono";
import { OAuthError } from "../errors/oauth-error.ts";
import type { OAuthServices } from "../services.ts";
import type { FormParams } from "../util/form.ts";
import { parseScopeParam } from "../util/scope.ts";
import type { AuthenticatedClient } from "./client-auth.ts";
import { idTokenFor, sendTokens } from "./token-response.ts";

/**
 * RFC 6749 §6: rotates the refresh token (the old one stops working); a replay of a used
 * one revokes the whole session (IAM does both). The token must belong to this client,
 * and a requested scope may only narrow the session's.
 */
export const refreshTokenGrant = async (
  c: Context,
  s: OAuthServices,
  form: FormParams,
  { client }: AuthenticatedClient,
) => {
  const refreshToken = form.get("refresh_token");
  if (!refreshToken) throw new OAuthError("invalid_request", "refresh_token is required");
  const requested = parseScopeParam(form.get("scope"));
  if (requested === undefined) throw new OAuthError("invalid_scope", "scope contains characters that are not allowed");
  const info = await s.iam().introspect(refreshToken);
  if (info.active && info.clientId !== client.id)
    throw new OAuthError("invalid_grant", "The refresh token was issued to another client");
  const r = await s.iam().refresh(refreshToken, requested.length ? requested : undefined);
  if (!r.ok) throw new OAuthError(r.error, r.reason);
  if (r.tokens.clientId !== client.id) {
    await s.iam().revokeSession(r.tokens.sessionId);
    throw new OAuthError("invalid_grant", "The refresh token was issued to another client");
  }
  return sendTokens(c, r.tokens, await idTokenFor(s, r.tokens));
};
