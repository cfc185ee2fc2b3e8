import { Hono } from "hono";
import { OAuthError, oauthEndpoint } from "../errors/oauth-error.ts";
import { authenticateClient } from "../grants/client-auth.ts";
import type { OAuthServices } from "../services.ts";
import { readForm } from "../util/form.ts";

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The permission of a resource server, which may introspect tokens issued to other clients. */
const INTROSPECT_ANY = { resource: "oauth/introspect", permission: "read" } as const;

/**
 * POST /oauth/introspect (RFC 7662) for authenticated confidential clients. A client learns
 * about its own tokens; tokens issued to other clients only when it holds
 * `oauth/introspect:read` (a resource server), as Hydra keeps introspection to such callers
 * (RFC 7662 §4: the endpoint must not become a token-scanning oracle). Anything not
 * currently valid, or not the caller's to see, is just `{"active": false}`.
 */
export const introspectRoutes = (s: () => OAuthServices) =>
  new Hono().post(
    "/oauth/introspect",
    oauthEndpoint(async (c) => {
      const form = await readForm(c);
      const services = s();
      const iam = services.iam();
      const { client } = await authenticateClient(c, form, iam, {
        allowPublic: false,
        trustProxy: services.trustProxy,
      });
      const token = form.get("token");
      if (!token) throw new OAuthError("invalid_request", "token is required");
      const info = await iam.introspect(token);
      c.header("Cache-Control", "no-store");
      if (!info.active) return c.json({ active: false });
      if (
        info.clientId !== client.id &&
        !(await iam.clientHolds(client.id, INTROSPECT_ANY.resource, INTROSPECT_ANY.permission))
      )
        return c.json({ active: false });
      return c.json({
        active: true,
        ...(info.scope !== null ? { scope: info.scope.join(" ") } : {}),
        ...(info.clientId ? { client_id: info.clientId } : {}),
        token_type: info.tokenType === "access_token" ? "Bearer" : "refresh_token",
        exp: seconds(info.expiresAt),
        iat: seconds(info.issuedAt),
        sub: info.subject.id,
        ...(info.clientId ? { aud: info.clientId } : {}),
        iss: services.issuer,
        sid: info.sessionId,
        subject_kind: info.subject.kind,
        session_type: info.sessionType,
      });
    }),
  );
