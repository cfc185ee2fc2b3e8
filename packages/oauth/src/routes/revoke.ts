import { Hono } from "hono";
import type { Context } from "hono";
import { oauthEndpoint } from "../errors/oauth-error.ts";
import { authenticateClient } from "../grants/client-auth.ts";
import type { OAuthServices } from "../services.ts";
import type { FormParams } from "../util/form.ts";
import { readForm } from "../util/form.ts";
import { sessionIdOfToken } from "../util/token-session.ts";

/** Whether the request tries client authentication at all (Basic, client_id or client_secret). */
const triesClientAuth = (c: Context, form: FormParams) =>
  /^Basic\b/i.test(c.req.header("Authorization") ?? "") ||
  form.get("client_id") !== undefined ||
  form.get("client_secret") !== undefined;

/**
 * POST /oauth/revoke (RFC 7009): revokes the session of an access or refresh token, and
 * answers 200 whatever the token was (unknown, expired, already revoked).
 * - With client credentials (wrong ones → 401 invalid_client), a client revokes only its
 *   own tokens; another client's token is left alone (still 200).
 * - Without (the spec's callers may send only a bearer, or nothing), holding the token is
 *   the proof: whoever can present it could use it anyway, so it may also end it.
 */
export const revokeRoutes = (s: () => OAuthServices) =>
  new Hono().post(
    "/oauth/revoke",
    oauthEndpoint(async (c) => {
      const form = await readForm(c);
      const services = s();
      const iam = services.iam();
      const token = form.get("token");
      const sessionId = token ? sessionIdOfToken(token) : undefined;
      if (triesClientAuth(c, form)) {
        const { client } = await authenticateClient(c, form, iam, {
          allowPublic: true,
          trustProxy: services.trustProxy,
        });
        const session = sessionId ? await iam.getSession(sessionId) : undefined;
        if (token && session && !session.revoked && session.clientId === client.id) await iam.revokeToken(token);
      } else if (token && sessionId) {
        await iam.revokeToken(token); // IAM revokes only if the token really is one of the session's
      }
      c.header("Cache-Control", "no-store");
      return c.body(null, 200);
    }),
  );
