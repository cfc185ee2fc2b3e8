import { Hono } from "hono";
import { oauthEndpoint } from "../errors/oauth-error.ts";
import { authenticateClient } from "../grants/client-auth.ts";
import type { OAuthServices } from "../services.ts";
import { readForm } from "../util/form.ts";
import { sessionIdOfToken } from "../util/token-session.ts";

/**
 * POST /oauth/revoke (RFC 7009): revokes the session of an access or refresh token.
 * Always 200 once the client is authenticated — also for unknown, expired or already
 * revoked tokens, and for another client's tokens (left alone: a client revokes only its own).
 */
export const revokeRoutes = (s: () => OAuthServices) =>
  new Hono().post(
    "/oauth/revoke",
    oauthEndpoint(async (c) => {
      const form = await readForm(c);
      const iam = s().iam();
      const { client } = await authenticateClient(c, form, iam, { allowPublic: true });
      const token = form.get("token");
      const sessionId = token ? sessionIdOfToken(token) : undefined;
      if (token && sessionId) {
        const session = await iam.getSession(sessionId);
        // IAM checks that the token really is one of the session's before revoking it.
        if (session && !session.revoked && session.clientId === client.id) await iam.revokeToken(token);
      }
      c.header("Cache-Control", "no-store");
      return c.body(null, 200);
    }),
  );
