import type { Context } from "hono";
import { OAuthError } from "../errors/oauth-error.ts";
import type { OAuthServices } from "../services.ts";
import type { FormParams } from "../util/form.ts";
import { parseScopeParam, scopesOutside } from "../util/scope.ts";
import type { AuthenticatedClient } from "./client-auth.ts";
import { issueOrInvalidGrant } from "./issue.ts";
import { sendTokens } from "./token-response.ts";

/**
 * RFC 6749 §4.4: the client acts as itself. The scope must lie within the client's
 * configured scopes; none requested = all of them. Never a refresh token (RFC 6749 §4.4.3: it can ask again).
 */
export const clientCredentialsGrant = async (
  c: Context,
  s: OAuthServices,
  form: FormParams,
  { client, method }: AuthenticatedClient,
) => {
  if (method === "none") throw new OAuthError("unauthorized_client", "Public clients cannot use client_credentials");
  const requested = parseScopeParam(form.get("scope"));
  if (requested === undefined) throw new OAuthError("invalid_scope", "scope contains characters that are not allowed");
  const outside = scopesOutside(requested, client.scopes);
  if (outside.length) throw new OAuthError("invalid_scope", `Scope not allowed for this client: ${outside.join(" ")}`);
  const scope = requested.length ? requested : client.scopes.length ? client.scopes : null;
  const tokens = await issueOrInvalidGrant(s, {
    subject: { kind: "client", id: client.id },
    clientId: client.id,
    type: "api",
    scope,
    description: `${client.name} (client credentials)`,
    withRefresh: false,
  });
  return sendTokens(c, tokens, undefined);
};
