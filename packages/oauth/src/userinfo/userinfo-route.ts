import { Hono } from "hono";
import type { Context } from "hono";
import type { OAuthServices } from "../services.ts";
import { paramsOf } from "../util/form.ts";
import { OAuthError } from "../errors/oauth-error.ts";
import { claimsFor } from "./claims.ts";

type BearerError = {
  readonly status: 400 | 401 | 403;
  readonly error?: "invalid_request" | "invalid_token" | "insufficient_scope";
  readonly description: string;
};

/** RFC 6750 §3: the error in `WWW-Authenticate` and, for clients that read bodies, as JSON. */
const refuse = (c: Context, e: BearerError) => {
  const params = [
    `realm="userinfo"`,
    ...(e.error ? [`error="${e.error}"`, `error_description="${e.description}"`] : []),
    ...(e.error === "insufficient_scope" ? [`scope="openid"`] : []),
  ];
  c.header("WWW-Authenticate", `Bearer ${params.join(", ")}`);
  c.header("Cache-Control", "no-store");
  return c.json({ error: e.error ?? "invalid_token", error_description: e.description }, e.status);
};

/**
 * The access token: in `Authorization: Bearer`, or (POST) as the form parameter `access_token` (RFC 6750 §2.1–2.2),
 * never both.
 */
const bearerOf = async (c: Context): Promise<string | BearerError> => {
  const header = c.req.header("Authorization");
  const fromHeader = header ? /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header)?.[1] : undefined;
  if (header && !fromHeader)
    return {
      status: 400,
      error: "invalid_request",
      description: "The Authorization header must be: Bearer <access token>",
    };
  let fromBody: string | undefined;
  if (c.req.method === "POST" && /^application\/x-www-form-urlencoded\b/i.test(c.req.header("Content-Type") ?? "")) {
    try {
      fromBody = paramsOf(new URLSearchParams(await c.req.text())).get("access_token");
    } catch (e) {
      if (e instanceof OAuthError) return { status: 400, error: "invalid_request", description: e.message };
      throw e;
    }
  }
  if (fromHeader && fromBody)
    return {
      status: 400,
      error: "invalid_request",
      description: "Send the access token once: in the Authorization header or in the body",
    };
  return fromHeader ?? fromBody ?? { status: 401, description: "A bearer access token is required" };
};

/**
 * GET and POST /oauth/userinfo (OpenID Connect Core 5.3): `sub` and the claims
 * the token's scope releases, read now (a change of name or email shows at once). Only an
 * access token of a principal's session granted `openid` is answered; any other valid token
 * is `insufficient_scope` (a client_credentials token never speaks for a person).
 */
export const userinfoRoutes = (s: () => OAuthServices) => {
  const handler = async (c: Context) => {
    const token = await bearerOf(c);
    if (typeof token !== "string") return refuse(c, token);
    const iam = s().iam();
    const info = await iam.introspect(token);
    if (!info.active || info.tokenType !== "access_token")
      return refuse(c, {
        status: 401,
        error: "invalid_token",
        description: "The access token is invalid, expired or revoked",
      });
    if (info.subject.kind !== "principal" || !info.grantedScope?.includes("openid"))
      return refuse(c, {
        status: 403,
        error: "insufficient_scope",
        description: "The token was not granted the openid scope of a signed-in user",
      });
    const principal = await iam.principalClaims(info.subject.id);
    if (!principal)
      return refuse(c, {
        status: 401,
        error: "invalid_token",
        description: "The access token is invalid, expired or revoked",
      });
    c.header("Cache-Control", "no-store");
    return c.json({ sub: info.subject.id, ...claimsFor(info.grantedScope, principal) });
  };
  return new Hono().get("/oauth/userinfo", handler).post("/oauth/userinfo", handler);
};
