import { Hono } from "hono";
import type { Context } from "hono";
import { SIGNING_ALG } from "../keys/signing-keys.ts";
import type { OAuthServices } from "../services.ts";
import { OIDC_SCOPES } from "../util/scope.ts";
import { CLAIMS_SUPPORTED } from "../userinfo/claims.ts";

/** RFC 8414 / OIDC Discovery 1.0 metadata; the issuer is PUBLIC_URL byte for byte. */
export const discoveryDocument = (issuer: string, base: string) => ({
  issuer,
  authorization_endpoint: `${base}/oauth/authorize`,
  token_endpoint: `${base}/oauth/token`,
  revocation_endpoint: `${base}/oauth/revoke`,
  introspection_endpoint: `${base}/oauth/introspect`,
  /**
   * OpenID Connect RP-Initiated Logout: ends the browser's sign-in (asks first; post_logout_redirect_uri must be a
   * registered redirect URI).
   */
  end_session_endpoint: `${base}/oauth/logout`,
  jwks_uri: `${base}/oauth/jwks`,
  userinfo_endpoint: `${base}/oauth/userinfo`,
  response_types_supported: ["code"],
  response_modes_supported: ["query"],
  grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
  code_challenge_methods_supported: ["S256"],
  token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
  revocation_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
  introspection_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
  scopes_supported: OIDC_SCOPES.filter((s) => s !== "offline_access"),
  subject_types_supported: ["public"],
  id_token_signing_alg_values_supported: [SIGNING_ALG],
  claims_supported: CLAIMS_SUPPORTED,
  backchannel_logout_supported: true,
  backchannel_logout_session_supported: true,
  prompt_values_supported: ["none", "login", "consent"],
  authorization_response_iss_parameter_supported: true,
});

/** The two well-known documents (same content) and the JWKS. */
export const discoveryRoutes = (s: () => OAuthServices) => {
  const metadata = (c: Context) => {
    c.header("Cache-Control", "public, max-age=300");
    c.header("Access-Control-Allow-Origin", "*");
    return c.json(discoveryDocument(s().issuer, s().baseUrl));
  };
  return new Hono()
    .get("/.well-known/oauth-authorization-server", metadata)
    .get("/.well-known/openid-configuration", metadata)
    .get("/oauth/jwks", async (c) => {
      c.header("Cache-Control", "public, max-age=300");
      c.header("Access-Control-Allow-Origin", "*");
      c.header("Content-Type", "application/jwk-set+json");
      await s().keys.activeKey(); // never an empty set: the key that will sign next is published first
      return c.body(JSON.stringify(await s().keys.jwks()));
    });
};
