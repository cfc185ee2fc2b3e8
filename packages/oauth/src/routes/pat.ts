import { Hono } from "hono";
import * as v from "valibot";
import { DomainError, isDomainError, isUuid, parseAce } from "@platform/kernel";
import { bearerAuth, getCaller, jsonBody } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import type { Caller } from "@platform/kernel";
import type { IamPort } from "../iam/iam-port.ts";
import type { OAuthServices } from "../services.ts";
import { parseScopeParam } from "../util/scope.ts";
import { ports } from "@platform/ports";

/** `POST /me/pat`. */
export const PatBody = v.strictObject({
  description: v.pipe(v.string(), v.maxLength(500)),
  scope: v.pipe(
    v.string(),
    v.minLength(1, "must name at least one scope"),
    v.description("Space-separated scopes within the caller's own"),
  ),
  expiresAt: v.pipe(
    v.string(),
    v.isoTimestamp("must be an ISO 8601 timestamp with a time zone"),
    v.description("In the future, at most a year ahead"),
  ),
});

/**
 * The latest a PAT may expire: one calendar year from now (the spec's "at most 1 year": from
 * 2026-03-01 that is 2027-03-01, 365 days; across a 29 February, 366), and never past `maxTtlS`.
 */
export const latestPatExpiry = (now: Date, maxTtlS: number): Date => {
  const year = new Date(now);
  year.setUTCFullYear(year.getUTCFullYear() + 1);
  return new Date(Math.min(year.getTime(), now.getTime() + maxTtlS * 1000));
};

/**
 * A PAT carries no more than the token it is made from: that token must be a principal's own
 * session (not a PAT, not a client_credentials token), allowed `me/pat:write` by its scope, and
 * issued through the client named in X-Client-Id (which authenticated with its secret).
 */
const requirePatSource = async (caller: Caller, clientId: string, iam: IamPort) => {
  if (caller.kind !== "principal")
    throw new DomainError("FORBIDDEN", "Only a principal's own token can create a personal access token");
  if (!caller.can("me/pat", "write")) throw new DomainError("FORBIDDEN", "Requires me/pat:write");
  const session = await iam.getSession(caller.sessionId);
  if (!session || session.revoked) throw new DomainError("UNAUTHENTICATED", "The token is no longer valid");
  if (session.type === "pat") throw new DomainError("FORBIDDEN", "A personal access token cannot create another one");
  if (session.clientId !== clientId)
    throw new DomainError("FORBIDDEN", "X-Client-Id must be the client your token was issued to");
};

/**
 * The client the PAT is made through, authenticated before the body is read (a wrong secret
 * is 401 whatever the body holds). A confidential client proves itself with X-Client-Secret;
 * a public client (token_endpoint_auth_method none, such as the built-in portal) has no
 * secret to show, so it is named by X-Client-Id alone and must not send one.
 */
const patClient = async (iam: IamPort, clientId: string | undefined, clientSecret: string | undefined) => {
  if (!clientId) throw new DomainError("UNAUTHENTICATED", "X-Client-Id and X-Client-Secret are required");
  const known = await iam.getClient(clientId);
  if (known && known.tokenEndpointAuthMethod === "none") {
    if (known.suspended) throw new DomainError("UNAUTHENTICATED", "invalid client");
    if (clientSecret) throw new DomainError("UNAUTHENTICATED", "A public client has no secret; send X-Client-Id alone");
    return known;
  }
  if (!clientSecret) throw new DomainError("UNAUTHENTICATED", "X-Client-Id and X-Client-Secret are required");
  const client = await iam.authenticateClient(clientId, clientSecret);
  if (!client.ok) throw new DomainError("UNAUTHENTICATED", client.reason);
  return client.client;
};

const invalid = (path: string, message: string) =>
  new DomainError("VALIDATION_FAILED", "Request body is invalid", [{ path, message }]);

/**
 * Personal access tokens (spec: /me/pat). Creating one needs the bearer of an existing
 * token *and* the client that token was issued through (X-Client-Id / X-Client-Secret; a
 * public client, which has no secret, by X-Client-Id alone), and
 * `me/pat:write`; its scope lies within the source token's effective scope, it lives at most a year, and it has no
 * refresh
 * token. Deleting revokes it at once. Errors in the platform's JSON form (`{error: {code, message}}`), not RFC 6749's.
 */
export const patRoutes = (deps: PlatformDeps, s: () => OAuthServices) => {
  const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
  return new Hono()
    .post("/me/pat", auth, async (c) => {
      const caller = getCaller(c);
      const services = s();
      const iam = services.iam();
      const client = await patClient(iam, c.req.header("X-Client-Id"), c.req.header("X-Client-Secret"));
      await requirePatSource(caller, client.id, iam);
      const body = await jsonBody(c, PatBody);
      const scope = parseScopeParam(body.scope);
      if (!scope?.length) throw invalid("scope", "must be space-separated scopes");
      // Exact, through the source token itself (its scope ∩ its identity, `me:*` included): an ACE
      // it could not use itself is outside.
      const outside = scope.filter((s) => {
        const ace = parseAce(s);
        return !ace || !caller.can(ace.resource.join("/"), ace.permission);
      });
      if (outside.length)
        throw new DomainError("FORBIDDEN", `The scope exceeds your own: ${outside.join(" ")}`, { scope: outside });
      const now = services.clock.now();
      const expiresAt = new Date(body.expiresAt);
      if (expiresAt.getTime() <= now.getTime()) throw invalid("expiresAt", "must be in the future");
      if (expiresAt.getTime() > latestPatExpiry(now, services.options.patMaxTtlS).getTime())
        throw invalid("expiresAt", "must be at most 1 year ahead");
      let tokens;
      try {
        tokens = await iam.issueSession({
          subject: { kind: caller.kind, id: caller.id },
          clientId: client.id,
          type: "pat",
          scope,
          description: body.description,
          withRefresh: false,
          accessTtlS: Math.ceil((expiresAt.getTime() - now.getTime()) / 1000),
        });
      } catch (e) {
        if (isDomainError(e) && e.code === "UNAUTHENTICATED") throw new DomainError("UNAUTHENTICATED", e.message);
        throw e;
      }
      c.header("Cache-Control", "no-store");
      return c.json(
        {
          keyId: tokens.sessionId,
          description: body.description,
          issuedAt: tokens.issuedAt.toISOString(),
          expiresAt: expiresAt.toISOString(),
          scope,
          active: true,
          accessToken: tokens.accessToken,
        },
        201,
      );
    })
    .delete("/me/pat/:id", auth, async (c) => {
      const caller = getCaller(c);
      const id = c.req.param("id");
      const iam = s().iam();
      const session = isUuid(id) ? await iam.getSession(id) : undefined;
      if (
        !session ||
        session.type !== "pat" ||
        session.subject.kind !== caller.kind ||
        session.subject.id !== caller.id
      )
        throw new DomainError("NOT_FOUND", "Personal access token not found");
      await iam.revokeSession(session.id);
      return c.body(null, 204);
    });
};
