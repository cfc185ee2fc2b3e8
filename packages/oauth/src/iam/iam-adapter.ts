import { isDomainError } from "@platform/kernel";
import type { ClientLike, IamSessions, IssuedLike } from "@platform/ports";
import type {
  ClientAuthResult,
  IamPort,
  IssueInput,
  IssuedTokens,
  OAuthClientInfo,
  PasswordCheck,
  RefreshResult,
  SubjectRef,
  TokenInfo,
} from "./iam-port.ts";

const client = (c: ClientLike): OAuthClientInfo => ({
  id: c.id,
  name: c.name,
  redirectUris: c.redirectUris,
  grantTypes: c.grantTypes,
  scopes: c.scopes,
  tokenEndpointAuthMethod: c.tokenEndpointAuthMethod,
  suspended: c.suspendedAt !== null,
  builtIn: c.isSystem,
  backchannelLogoutUri: c.backchannelLogoutUri,
});

const tokens = (r: IssuedLike, subject: SubjectRef, authTime: Date | null): IssuedTokens => ({
  sessionId: r.session.id,
  accessToken: r.accessToken,
  refreshToken: r.refreshToken,
  expiresIn: r.expiresIn,
  scope: r.session.scope,
  effectiveScope: r.effectiveScope,
  subject,
  clientId: r.session.clientId,
  issuedAt: new Date(r.session.createdAt),
  expiresAt: new Date(r.session.accessTokenExpiresAt),
  authTime,
});

/** The whole seconds a RATE_LIMITED error asks to wait. */
const retryAfterOf = (e: { readonly details?: unknown }): number =>
  (e.details as { retryAfterS?: number } | undefined)?.retryAfterS ?? 1;

/** Adapts IAM's service to this context's port; IAM's DomainErrors become the port's results. */
export const createIamAdapter = (iam: IamSessions): IamPort => ({
  getClient: async (id) => {
    const c = await iam.getClient(id);
    return c ? client(c) : undefined;
  },
  authenticateClient: async (id, secret, address): Promise<ClientAuthResult> => {
    try {
      return {
        ok: true,
        client: client(await iam.authenticateClient(id, secret, address === undefined ? undefined : { address })),
      };
    } catch (e) {
      if (isDomainError(e) && e.code === "RATE_LIMITED")
        return { ok: false, reason: "throttled", retryAfterS: retryAfterOf(e) };
      if (isDomainError(e))
        return {
          ok: false,
          reason: e.message === "invalid client secret" ? "invalid client secret" : "invalid client",
        };
      throw e;
    }
  },
  verifyPassword: async (email, password, address): Promise<PasswordCheck> => {
    try {
      const p = await iam.verifyPrincipalPassword(email, password, address);
      return { ok: true, principalId: p.principalId, passwordChangeRequired: p.passwordChangeRequired };
    } catch (e) {
      if (isDomainError(e) && e.code === "RATE_LIMITED")
        return { ok: false, reason: "throttled", retryAfterS: retryAfterOf(e), message: e.message };
      if (isDomainError(e)) return { ok: false, reason: e.code === "FORBIDDEN" ? "suspended" : "invalid" };
      throw e;
    }
  },
  principalActive: async (id) => {
    const p = await iam.getPrincipal(id);
    return !!p && p.suspendedAt === null;
  },
  issueSession: async (input: IssueInput) => {
    const r = await iam.issueSession({
      subject: input.subject,
      clientId: input.clientId,
      type: input.type,
      scope: input.scope,
      description: input.description,
      withRefresh: input.withRefresh,
      ...(input.accessTtlS !== undefined ? { accessTtlS: input.accessTtlS } : {}),
      ...(input.passwordChangeRequired !== undefined ? { passwordChangeRequired: input.passwordChangeRequired } : {}),
      ...(input.authTime ? { authTime: input.authTime } : {}),
    });
    return tokens(r, input.subject, input.authTime ?? null);
  },
  refresh: async (refreshToken, scope): Promise<RefreshResult> => {
    try {
      const r = await iam.refresh(refreshToken, scope ?? null);
      const s = await iam.getSession(r.session.id);
      return { ok: true, tokens: tokens(r, s!.subject, s!.authTime) };
    } catch (e) {
      if (!isDomainError(e)) throw e;
      // IAM refuses a wider scope as FORBIDDEN and anything else about the token as UNAUTHENTICATED.
      return { ok: false, error: e.code === "FORBIDDEN" ? "invalid_scope" : "invalid_grant", reason: e.message };
    }
  },
  introspect: async (token): Promise<TokenInfo> => {
    const r = await iam.inspectToken(token);
    if (!r.valid) return { active: false };
    return {
      active: true,
      sessionId: r.sessionId,
      tokenType: r.tokenType === "access" ? "access_token" : "refresh_token",
      subject: r.subject,
      clientId: r.clientId,
      scope: r.effectiveScope,
      grantedScope: r.grantedScope,
      issuedAt: r.issuedAt,
      expiresAt: r.expiresAt,
      sessionType: r.sessionType,
    };
  },
  clientHolds: (clientId, resource, permission) =>
    iam.identityHolds({ kind: "client", id: clientId }, resource, permission),
  revokeToken: (token) => iam.revokeToken(token),
  revokeSession: async (id) => {
    await iam.revokeSession(id);
  },
  getSession: async (id) => {
    const s = await iam.getSession(id);
    return s ? { id: s.id, type: s.type, subject: s.subject, clientId: s.clientId, revoked: s.isRevoked } : undefined;
  },
  principalClaims: async (id) => (await iam.principalClaims(id)) ?? undefined,
  sessionEnds: iam.sessionEnds,
});
