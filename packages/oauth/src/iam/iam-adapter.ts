import { isDomainError } from "@platform/kernel";
import type {
  ClientAuthResult,
  IamPort,
  PrincipalClaims,
  SessionEndQueue,
  IssueInput,
  IssuedTokens,
  OAuthClientInfo,
  PasswordCheck,
  RefreshResult,
  SubjectRef,
  TokenInfo,
} from "./iam-port.ts";

/**
 * The part of IAM's public `iam.sessions` service this context calls, written down
 * structurally: IAM's real service must be assignable to it (the type-check proves the
 * two agree), and nothing here depends on IAM's internals.
 */
type ClientLike = {
  readonly id: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly string[];
  readonly scopes: readonly string[];
  readonly tokenEndpointAuthMethod: string;
  readonly suspendedAt: string | null;
  readonly isSystem: boolean;
  readonly backchannelLogoutUri: string | null;
};
type SessionLike = {
  readonly id: string;
  readonly type: string;
  readonly createdAt: string;
  readonly accessTokenExpiresAt: string;
  readonly isRevoked: boolean;
  readonly clientId: string | null;
  readonly scope: readonly string[] | null;
};
type ValidToken = {
  readonly valid: true;
  readonly tokenType: "access" | "refresh";
  readonly sessionId: string;
  readonly subject: SubjectRef;
  readonly clientId: string | null;
  readonly sessionType: string;
  readonly effectiveScope: readonly string[];
  readonly grantedScope: readonly string[] | null;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
};
type IssuedLike = {
  readonly session: SessionLike;
  readonly accessToken: string;
  readonly refreshToken?: string;
  readonly expiresIn: number;
  readonly effectiveScope: readonly string[];
};

export type IamServiceLike = {
  getClient(id: string): Promise<ClientLike | null>;
  authenticateClient(id: string, secret: string, throttled?: { readonly address: string }): Promise<ClientLike>;
  verifyPrincipalPassword(
    email: string,
    password: string,
    address?: string,
  ): Promise<{ readonly principalId: string; readonly passwordChangeRequired: boolean }>;
  getPrincipal(id: string): Promise<{ readonly suspendedAt: string | null } | null>;
  issueSession(input: {
    subject: SubjectRef;
    clientId: string | null;
    type: "interactive" | "api" | "pat";
    scope?: readonly string[] | null;
    description?: string;
    withRefresh: boolean;
    accessTtlS?: number;
    passwordChangeRequired?: boolean;
    authTime?: Date;
  }): Promise<IssuedLike>;
  refresh(refreshToken: string, scope?: readonly string[] | null): Promise<IssuedLike>;
  revokeToken(token: string): Promise<void>;
  revokeSession(id: string): Promise<boolean>;
  inspectToken(token: string): Promise<{ readonly valid: false } | ValidToken>;
  getSession(
    id: string,
  ): Promise<(SessionLike & { readonly subject: SubjectRef; readonly authTime: Date | null }) | null>;
  principalClaims(id: string): Promise<PrincipalClaims | null>;
  readonly sessionEnds: SessionEndQueue;
  identityHolds(subject: SubjectRef, resource: string, permission: string): Promise<boolean>;
};

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
export const createIamAdapter = (iam: IamServiceLike): IamPort => ({
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
