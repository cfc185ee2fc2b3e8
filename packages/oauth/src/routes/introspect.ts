import { Hono } from "hono";
import { OAuthError, oauthEndpoint } from "../errors/oauth-error.ts";
import { authenticateClient } from "../grants/client-auth.ts";
import type { OAuthServices } from "../services.ts";
import { readForm } from "../util/form.ts";

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * POST /oauth/introspect (RFC 7662) for authenticated confidential clients (resource
 * servers). Anything not currently valid is just `{"active": false}`.
 */
export const introspectRoutes = (s: () => OAuthServices) =>
  new Hono().post(
    "/oauth/introspect",
    oauthEndpoint(async (c) => {
      const form = await readForm(c);
      const services = s();
      await authenticateClient(c, form, services.iam(), { allowPublic: false });
      const token = form.get("token");
      if (!token) throw new OAuthError("invalid_request", "token is required");
      const info = await services.iam().introspect(token);
      c.header("Cache-Control", "no-store");
      if (!info.active) return c.json({ active: false });
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
