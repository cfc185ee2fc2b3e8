import { Hono } from "hono";
import { OAuthError, oauthEndpoint } from "../errors/oauth-error.ts";
import { authorizationCodeGrant } from "../grants/authorization-code.ts";
import { authenticateClient } from "../grants/client-auth.ts";
import { clientCredentialsGrant } from "../grants/client-credentials.ts";
import { refreshTokenGrant } from "../grants/refresh-token.ts";
import type { OAuthServices } from "../services.ts";
import { readForm } from "../util/form.ts";

const GRANTS = {
  authorization_code: authorizationCodeGrant,
  client_credentials: clientCredentialsGrant,
  refresh_token: refreshTokenGrant,
} as const;

const isKnownGrant = (g: string): g is keyof typeof GRANTS => Object.hasOwn(GRANTS, g);

/** POST /oauth/token (RFC 6749 §3.2). No implicit or password grant, ever (RFC 9700). */
export const tokenRoutes = (s: () => OAuthServices) =>
  new Hono().post(
    "/oauth/token",
    oauthEndpoint(async (c) => {
      const form = await readForm(c);
      const grantType = form.get("grant_type");
      if (!grantType) throw new OAuthError("invalid_request", "grant_type is required");
      if (!isKnownGrant(grantType))
        throw new OAuthError("unsupported_grant_type", `Grant type ${grantType} is not supported`);
      const services = s();
      // Public clients pass authentication here so that a grant type they lack is reported as
      // such (unauthorized_client); client_credentials itself refuses them.
      const client = await authenticateClient(c, form, services.iam(), {
        allowPublic: true,
        trustProxy: services.trustProxy,
      });
      if (!client.client.grantTypes.includes(grantType))
        throw new OAuthError("unauthorized_client", "unsupported grant type");
      return GRANTS[grantType](c, services, form, client);
    }),
  );
