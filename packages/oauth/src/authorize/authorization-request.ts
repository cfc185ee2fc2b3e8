import type { OAuthClientInfo, IamPort } from "../iam/iam-port.ts";
import { OAuthError } from "../errors/oauth-error.ts";
import type { OAuthErrorCode } from "../errors/oauth-error.ts";
import { paramsOf } from "../util/form.ts";
import { isValidChallenge } from "../util/pkce.ts";
import { parseScopeParam, scopesOutside } from "../util/scope.ts";

/** A validated authorization request (RFC 6749 §4.1.1 + PKCE + OIDC nonce/prompt). */
export type AuthorizationRequest = {
  readonly client: OAuthClientInfo;
  readonly redirectUri: string;
  /** null = nothing requested and the client has no configured scopes: the principal's full permissions. */
  readonly scope: readonly string[] | null;
  readonly state?: string | undefined;
  readonly codeChallenge?: string | undefined;
  readonly nonce?: string | undefined;
  readonly prompt: readonly string[];
  /** OpenID Connect `max_age`: a sign-in older than this many seconds must be repeated. */
  readonly maxAge?: number | undefined;
  /** The request's query string, carried through the login and consent forms. */
  readonly query: string;
};

/**
 * The outcome of checking a request: "page" when it cannot be trusted to go back to the
 * client (unknown or suspended client, unregistered redirect URI — RFC 6749 §4.1.2.1:
 * never redirect then), "redirect" for an error the client must hear about, or "ok".
 */
export type Checked =
  | { readonly kind: "page"; readonly message: string }
  | { readonly kind: "redirect"; readonly location: string }
  | { readonly kind: "ok"; readonly request: AuthorizationRequest };

/** The client's redirect URI with the response parameters, and `iss` (RFC 9207) on every response. */
export const redirectTo = (redirectUri: string, params: Record<string, string | undefined>, issuer: string): string => {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries({ ...params, iss: issuer })) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
};

export const errorRedirect = (
  redirectUri: string,
  error: OAuthErrorCode | "login_required" | "consent_required",
  description: string,
  state: string | undefined,
  issuer: string,
): string => redirectTo(redirectUri, { error, error_description: description, state }, issuer);

export const checkAuthorizationRequest = async (iam: IamPort, query: string, issuer: string): Promise<Checked> => {
  const raw = new URLSearchParams(query);
  let p: ReturnType<typeof paramsOf>;
  try {
    p = paramsOf(raw);
  } catch (e) {
    return { kind: "page", message: e instanceof OAuthError ? e.message : "Malformed authorization request" };
  }
  const clientId = p.get("client_id");
  if (!clientId) return { kind: "page", message: "The authorization request has no client_id." };
  const client = await iam.getClient(clientId);
  if (!client || client.suspended)
    return { kind: "page", message: "invalid client: the application is unknown or suspended." };
  const redirectUri = p.get("redirect_uri");
  if (!redirectUri)
    return { kind: "page", message: "invalid redirect URI: the authorization request has no redirect_uri." };
  if (!client.redirectUris.includes(redirectUri))
    return { kind: "page", message: "invalid redirect URI: it is not registered for this application." };

  const state = p.get("state");
  const fail = (error: OAuthErrorCode, description: string): Checked => ({
    kind: "redirect",
    location: errorRedirect(redirectUri, error, description, state, issuer),
  });
  const responseType = p.get("response_type");
  if (!responseType) return fail("invalid_request", "response_type is required");
  if (responseType !== "code") return fail("unsupported_response_type", "Only response_type=code is supported");
  if (!client.grantTypes.includes("authorization_code")) return fail("unauthorized_client", "unsupported grant type");

  const challenge = p.get("code_challenge");
  const method = p.get("code_challenge_method");
  if (challenge !== undefined || method !== undefined) {
    if (method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
    if (challenge === undefined || !isValidChallenge(challenge))
      return fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier");
  }
  if (client.tokenEndpointAuthMethod === "none" && challenge === undefined)
    return fail("invalid_request", "PKCE (code_challenge with S256) is required for public clients");

  const requested = parseScopeParam(p.get("scope"));
  if (requested === undefined) return fail("invalid_scope", "scope contains characters that are not allowed");
  const outside = scopesOutside(requested, client.scopes);
  if (outside.length) return fail("invalid_scope", `Scope not allowed for this client: ${outside.join(" ")}`);
  const scope = requested.length ? requested : client.scopes.length ? client.scopes : null;

  const prompt = (p.get("prompt") ?? "").split(" ").filter(Boolean);
  if (prompt.includes("none") && prompt.length > 1)
    return fail("invalid_request", "prompt=none cannot be combined with other values");
  const maxAgeParam = p.get("max_age");
  if (maxAgeParam !== undefined && !/^\d{1,9}$/.test(maxAgeParam))
    return fail("invalid_request", "max_age must be a whole number of seconds");
  const maxAge = maxAgeParam === undefined ? undefined : Number(maxAgeParam);
  return {
    kind: "ok",
    request: {
      client,
      redirectUri,
      scope,
      state,
      codeChallenge: challenge,
      nonce: p.get("nonce"),
      prompt,
      maxAge,
      query: raw.toString(),
    },
  };
};

/**
 * The same request without `prompt=login` and `max_age` (after the user has just signed in:
 * both are satisfied, and keeping them would loop back to the sign-in page).
 */
export const withoutLoginPrompt = (query: string): string => {
  const q = new URLSearchParams(query);
  q.delete("max_age");
  const prompt = (q.get("prompt") ?? "").split(" ").filter((x) => x && x !== "login");
  if (prompt.length) q.set("prompt", prompt.join(" "));
  else q.delete("prompt");
  return q.toString();
};
