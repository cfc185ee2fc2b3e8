import * as v from "valibot";

const url = (what: string) => v.pipe(v.string(), v.description(what));
/** A list drawn from a closed set of values (the server's list is all of them). */
const listOf = <const T extends readonly [string, ...string[]]>(values: T) => v.array(v.picklist(values));

/**
 * `GET /.well-known/oauth-authorization-server` and `/.well-known/openid-configuration`
 * (RFC 8414, OpenID Connect Discovery 1.0; routes/discovery.ts): the same document.
 */
export const DiscoveryDocument = v.object({
  issuer: url("PUBLIC_URL, byte for byte"),
  authorization_endpoint: url("/oauth/authorize"),
  token_endpoint: url("/oauth/token"),
  revocation_endpoint: url("/oauth/revoke (RFC 7009)"),
  introspection_endpoint: url("/oauth/introspect (RFC 7662)"),
  end_session_endpoint: url("/oauth/logout (OpenID Connect RP-Initiated Logout)"),
  jwks_uri: url("/oauth/jwks: the keys that sign id_tokens and logout tokens"),
  userinfo_endpoint: url("/oauth/userinfo (OpenID Connect Core 5.3)"),
  response_types_supported: listOf(["code"]),
  response_modes_supported: listOf(["query"]),
  grant_types_supported: listOf(["authorization_code", "refresh_token", "client_credentials"]),
  code_challenge_methods_supported: listOf(["S256"]),
  token_endpoint_auth_methods_supported: listOf(["client_secret_basic", "client_secret_post", "none"]),
  revocation_endpoint_auth_methods_supported: listOf(["client_secret_basic", "client_secret_post", "none"]),
  introspection_endpoint_auth_methods_supported: listOf(["client_secret_basic", "client_secret_post"]),
  scopes_supported: v.pipe(
    listOf(["openid", "profile", "email", "phone"]),
    v.description("The OpenID Connect scopes; the other scopes are ACEs such as iam/principals:read"),
  ),
  subject_types_supported: listOf(["public"]),
  id_token_signing_alg_values_supported: listOf(["ES256"]),
  claims_supported: v.pipe(
    listOf([
      "iss",
      "sub",
      "aud",
      "exp",
      "iat",
      "auth_time",
      "nonce",
      "sid",
      "at_hash",
      "name",
      "picture",
      "updated_at",
      "email",
      "email_verified",
      "phone_number",
    ]),
    v.description(
      "The claims of an id_token and of userinfo (profile: name, picture, updated_at; email: " +
        "email, email_verified; phone: phone_number)",
    ),
  ),
  backchannel_logout_supported: v.pipe(
    v.literal(true),
    v.description(
      "OpenID Connect Back-Channel Logout 1.0: a client's backchannelLogoutUri receives a " +
        "logout_token when one of its sessions ends",
    ),
  ),
  backchannel_logout_session_supported: v.pipe(
    v.literal(true),
    v.description("Logout tokens (and id_tokens) carry `sid`"),
  ),
  prompt_values_supported: listOf(["none", "login", "consent"]),
  authorization_response_iss_parameter_supported: v.pipe(
    v.literal(true),
    v.description("RFC 9207: redirects carry `iss`"),
  ),
});

/**
 * `GET` and `POST /oauth/userinfo` (OpenID Connect Core 5.3): `sub` and the claims the token's scope releases; a claim
 * without a value is left out.
 */
export const UserInfoResponse = v.object({
  sub: v.pipe(v.string(), v.description("The principal's id")),
  name: v.optional(v.pipe(v.string(), v.description("scope profile"))),
  picture: v.optional(v.pipe(v.string(), v.description("scope profile"))),
  updated_at: v.optional(
    v.pipe(
      v.number(),
      v.description("scope profile: seconds since the epoch of the last change of the principal's properties"),
    ),
  ),
  email: v.optional(v.pipe(v.string(), v.description("scope email"))),
  email_verified: v.optional(v.pipe(v.literal(false), v.description("scope email: this server verifies no address"))),
  phone_number: v.optional(v.pipe(v.string(), v.description("scope phone"))),
});

/** One public signing key (RFC 7517): ECDSA P-256, as jose exports it, with its id and use. */
const Jwk = v.object({
  kty: v.literal("EC"),
  crv: v.literal("P-256"),
  x: v.pipe(v.string(), v.description("base64url")),
  y: v.pipe(v.string(), v.description("base64url")),
  kid: v.pipe(v.string(), v.description("The key's RFC 7638 thumbprint; an id_token's `kid` header")),
  alg: v.literal("ES256"),
  use: v.literal("sig"),
});

/** `GET /oauth/jwks` (application/jwk-set+json): every key not yet expired, the signing one first. */
export const JwkSet = v.object({ keys: v.array(Jwk) });

/** `POST /oauth/token` (RFC 6749 §5.1; grants/token-response.ts). `Cache-Control: no-store`. */
export const TokenResponse = v.object({
  access_token: v.pipe(v.string(), v.description("Opaque bearer token")),
  token_type: v.literal("Bearer"),
  expires_in: v.pipe(v.number(), v.description("Seconds the access token lives")),
  refresh_token: v.optional(
    v.pipe(
      v.string(),
      v.description(
        "From the authorization_code and refresh_token grants, for clients that have the " +
          "refresh_token grant; never from client_credentials. Rotates on every use",
      ),
    ),
  ),
  scope: v.pipe(
    v.string(),
    v.description(
      "The granted scope, space-separated (the identity's effective scope when none was requested or configured)",
    ),
  ),
  id_token: v.optional(
    v.pipe(v.string(), v.description("A signed JWT (ES256), when `openid` was granted to a principal")),
  ),
});

/**
 * `POST /oauth/introspect` (RFC 7662 §2.2; routes/introspect.ts): `{"active": false}` for
 * anything not currently valid or not the caller's to see, else the token's claims.
 */
export const IntrospectionResponse = v.variant("active", [
  v.object({ active: v.literal(false) }),
  v.object({
    active: v.literal(true),
    scope: v.optional(
      v.pipe(v.string(), v.description("Space-separated; absent for a token with its identity's full permissions")),
    ),
    client_id: v.optional(v.pipe(v.string(), v.description("The client the token was issued through"))),
    token_type: v.picklist(["Bearer", "refresh_token"]),
    exp: v.pipe(v.number(), v.description("Expiry, seconds since the epoch")),
    iat: v.pipe(v.number(), v.description("Issue time, seconds since the epoch")),
    sub: v.pipe(v.string(), v.description("The principal's or client's id")),
    aud: v.optional(v.pipe(v.string(), v.description("The client the token was issued through"))),
    iss: v.pipe(v.string(), v.description("The issuer (PUBLIC_URL)")),
    sid: v.pipe(v.string(), v.description("The token's session")),
    subject_kind: v.picklist(["principal", "client"]),
    session_type: v.pipe(
      v.picklist(["interactive", "api", "pat"]),
      v.description("interactive: a browser sign-in; api: client credentials; pat: a personal access token"),
    ),
  }),
]);

/** `POST /me/pat` (201; spec "Personal access token (PAT)", routes/pat.ts). `Cache-Control: no-store`. */
export const PersonalAccessToken = v.object({
  keyId: v.pipe(v.string(), v.description("The PAT's id (its session's UUID): DELETE /me/pat/{keyId} revokes it")),
  description: v.string(),
  issuedAt: v.pipe(v.string(), v.description("ISO 8601 instant, UTC")),
  expiresAt: v.pipe(v.string(), v.description("ISO 8601 instant, UTC")),
  scope: v.pipe(v.array(v.string()), v.description("The PAT's scopes")),
  active: v.pipe(v.literal(true), v.description("A new PAT is active")),
  accessToken: v.pipe(
    v.string(),
    v.description("The token itself, shown only in this answer; no refresh token is issued"),
  ),
});
