import { ConsentForm, IntrospectForm, LoginForm, LogoutForm, RevokeForm, TokenForm } from "./schemas.ts";
import { PatBody } from "../routes/pat.ts";
import {
  DiscoveryDocument,
  IntrospectionResponse,
  JwkSet,
  PersonalAccessToken,
  TokenResponse,
  UserInfoResponse,
} from "./responses.ts";

const authorizeQuery = {
  response_type: "code",
  client_id: "The client",
  redirect_uri: "Exactly one of the client's redirect URIs",
  scope: "Space-separated scopes",
  state: "Returned unchanged",
  code_challenge: "PKCE S256 challenge (required for public clients)",
  code_challenge_method: "S256",
  nonce: "Returned in the id_token",
  prompt: "none, login and/or consent",
  max_age: "Seconds: a sign-in older than this must be repeated (auth_time is in the id_token)",
};

/**
 * The examples' client credentials and token: the form of real ones (a client's id and secret are made by the service).
 */
const EXAMPLE_CLIENT = {
  client_id: "3f1d2c4b-8a9e-4b7c-9d1e-2f3a4b5c6d7e",
  client_secret: "cs_Zm9yLWV4YW1wbGUtb25seS1ub3QtYS1zZWNyZXQ",
};
const EXAMPLE_TOKEN = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v";

const userinfo = {
  summary: "OpenID Connect userinfo (Core 5.3): the claims the access token's scope releases",
  description:
    "The access token in `Authorization: Bearer` (or, for POST, the form parameter " +
    "`access_token`), never both (400 invalid_request). " +
    '401 with `WWW-Authenticate: Bearer error="invalid_token"` for a token that is not a live access token; ' +
    '403 `insufficient_scope` (`scope="openid"`) for one without `openid` or not a principal\'s (client_credentials).',
  permission: "authenticated",
  scopes: ["openid"],
  success: 200,
  tags: ["oauth"],
  errors: "oauth",
  alsoErrors: [403],
  response: UserInfoResponse,
} as const;

/** Every route of the OAuth context (routes/). */
export const oauthOperations = [
  {
    operationId: "getAuthorizationServerMetadata",
    method: "get",
    path: "/.well-known/oauth-authorization-server",
    summary: "RFC 8414 metadata",
    permission: "public",
    success: 200,
    tags: ["oauth"],
    response: DiscoveryDocument,
  },
  {
    operationId: "getOpenIdConfiguration",
    method: "get",
    path: "/.well-known/openid-configuration",
    summary: "OpenID Connect Discovery 1.0 metadata (same document)",
    permission: "public",
    success: 200,
    tags: ["oauth"],
    response: DiscoveryDocument,
  },
  {
    operationId: "getJwks",
    method: "get",
    path: "/oauth/jwks",
    summary: "The public keys that sign id_tokens",
    permission: "public",
    success: 200,
    tags: ["oauth"],
    produces: "application/jwk-set+json",
    response: JwkSet,
  },
  {
    operationId: "authorize",
    method: "get",
    path: "/oauth/authorize",
    summary:
      "Authorization endpoint: 302 to the redirect URI (code, state, iss), 303 to the login page, or the consent page",
    description:
      "An untrustworthy request (unknown client, redirect URI not registered) gets an HTML error " +
      "page (400), never a redirect.",
    permission: "public",
    success: 302,
    alsoSuccess: [200],
    redirects: [303],
    tags: ["oauth"],
    produces: "text/html",
    query: authorizeQuery,
    errors: "html",
  },
  {
    operationId: "getLoginPage",
    method: "get",
    path: "/oauth/login",
    summary: "The sign-in form for an authorization request (its query string)",
    permission: "public",
    success: 200,
    tags: ["oauth"],
    produces: "text/html",
    query: authorizeQuery,
    errors: "html",
  },
  {
    operationId: "login",
    method: "post",
    path: "/oauth/login",
    summary: "Sign in (CSRF-protected, throttled); 303 back to /oauth/authorize",
    permission: "public",
    success: 303,
    tags: ["oauth"],
    requestBody: LoginForm,
    // 403: a form whose CSRF token or origin is not this server's (or a suspended principal; 429 throttled sign-ins).
    alsoErrors: [400, 403, 429],
    requestExample: {
      request: "the request field of the sign-in form",
      email: "ada@example.com",
      password: "Correct-Horse-Battery-1",
      csrf: "the csrf field of the sign-in form",
    },
    form: true,
    errors: "html",
  },
  {
    operationId: "getLogoutPage",
    method: "get",
    path: "/oauth/logout",
    summary:
      "Sign-out (OpenID Connect RP-Initiated Logout): a page asking to sign out, or 303 to " +
      "post_logout_redirect_uri when nobody is signed in",
    permission: "public",
    success: 200,
    redirects: [303],
    tags: ["oauth"],
    produces: "text/html",
    query: {
      client_id: "The client whose redirect URI post_logout_redirect_uri is",
      post_logout_redirect_uri: "Exactly one of the client's redirect URIs",
      state: "Returned unchanged",
    },
    errors: "html",
  },
  {
    operationId: "logout",
    method: "post",
    path: "/oauth/logout",
    summary:
      "Sign out (CSRF-protected): ends this browser's sign-in; then a signed-out page or 303 (to " +
      "sign in again, or to post_logout_redirect_uri)",
    permission: "public",
    success: 200,
    redirects: [303],
    tags: ["oauth"],
    requestBody: LogoutForm,
    // 403: a form whose CSRF token or origin is not this server's.
    alsoErrors: [400, 403],
    requestExample: { csrf: "the csrf field of the sign-out page" },
    form: true,
    produces: "text/html",
    errors: "html",
  },
  {
    operationId: "consent",
    method: "post",
    path: "/oauth/consent",
    summary: "The consent decision; 302 to the redirect URI with a code or error=access_denied",
    permission: "public",
    success: 302,
    redirects: [303],
    tags: ["oauth"],
    requestBody: ConsentForm,
    // 403: a form whose CSRF token or origin is not this server's.
    alsoErrors: [400, 403],
    requestExample: {
      request: "the request field of the consent page",
      csrf: "the csrf field of the consent page",
      decision: "allow",
    },
    form: true,
    errors: "html",
  },
  {
    operationId: "token",
    method: "post",
    path: "/oauth/token",
    summary: "Token endpoint (RFC 6749 §5.1)",
    permission: "client",
    success: 200,
    tags: ["oauth"],
    requestBody: TokenForm,
    requestExample: { grant_type: "client_credentials", ...EXAMPLE_CLIENT, scope: "orders:read" },
    form: true,
    errors: "oauth",
    alsoErrors: [429],
    response: TokenResponse,
  },
  {
    operationId: "revoke",
    method: "post",
    path: "/oauth/revoke",
    summary: "Revoke a token's session (RFC 7009); 200 whatever the token was",
    description:
      "With client credentials a client revokes only its own tokens; without, holding the token is the proof.",
    permission: "public",
    success: 200,
    tags: ["oauth"],
    produces: "none",
    requestBody: RevokeForm,
    requestExample: { token: EXAMPLE_TOKEN, token_type_hint: "access_token", ...EXAMPLE_CLIENT },
    form: true,
    errors: "oauth",
    alsoErrors: [429],
  },
  { operationId: "getUserInfo", method: "get", path: "/oauth/userinfo", ...userinfo },
  { operationId: "postUserInfo", method: "post", path: "/oauth/userinfo", ...userinfo },
  {
    operationId: "introspect",
    method: "post",
    path: "/oauth/introspect",
    summary: "Token introspection (RFC 7662) for confidential clients",
    permission: "client",
    success: 200,
    tags: ["oauth"],
    requestBody: IntrospectForm,
    requestExample: { token: EXAMPLE_TOKEN, ...EXAMPLE_CLIENT },
    form: true,
    errors: "oauth",
    alsoErrors: [429],
    response: IntrospectionResponse,
  },
  {
    operationId: "createPersonalAccessToken",
    method: "post",
    path: "/me/pat",
    summary: "Create a personal access token through a client (X-Client-Id and X-Client-Secret headers)",
    description:
      "Made from the bearer's own, non-PAT token, through the client that token was issued to; " +
      "its scope lies within the token's. A public client (no secret, such as the portal) is " +
      "named by X-Client-Id alone.",
    permission: "authenticated",
    success: 201,
    tags: ["me"],
    requestBody: PatBody,
    requestExample: {
      description: "CI deploys",
      scope: "orders:read sendings:write",
      expiresAt: "2027-06-30T00:00:00.000Z",
    },
    headers: {
      "X-Client-Id": "The client the bearer token was issued to (required)",
      "X-Client-Secret": "That client's secret; required for a confidential client, refused for a public one",
    },
    response: PersonalAccessToken,
  },
  {
    operationId: "deletePersonalAccessToken",
    method: "delete",
    path: "/me/pat/{id}",
    summary: "Revoke one of the caller's personal access tokens",
    permission: "authenticated",
    success: 204,
    tags: ["me"],
  },
] as const;
