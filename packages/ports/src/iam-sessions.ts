import { definePort } from "@platform/host";

/**
 * The part of IAM's service the OAuth context calls, written down structurally: IAM's real service must be
 * assignable to it (the type-check proves the two agree), and OAuth depends on none of IAM's internals.
 */
export type SubjectRef = { readonly kind: "principal" | "client"; readonly id: string };
/** What OpenID Connect may say about a principal. */
export type PrincipalClaims = {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly picture: string | null;
  readonly updatedAt: Date;
};
/** An ended session whose client is to be told (Back-Channel Logout), leased to this process for one attempt. */
export type SessionEnd = {
  readonly sessionId: string;
  readonly clientId: string;
  readonly subjectId: string;
  readonly endedAt: Date;
  readonly attempts: number;
};
export type SessionEndQueue = {
  /** NOTIFY channel on which a new end is announced. */
  readonly channel: string;
  claim(limit: number, leaseS: number): Promise<SessionEnd[]>;
  done(sessionId: string): Promise<void>;
  retryAt(sessionId: string, at: Date, error: string): Promise<void>;
};
export type ClientLike = {
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
export type SessionLike = {
  readonly id: string;
  readonly type: string;
  readonly createdAt: string;
  readonly accessTokenExpiresAt: string;
  readonly isRevoked: boolean;
  readonly clientId: string | null;
  readonly scope: readonly string[] | null;
};
export type ValidToken = {
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
export type IssuedLike = {
  readonly session: SessionLike;
  readonly accessToken: string;
  readonly refreshToken?: string;
  readonly expiresIn: number;
  readonly effectiveScope: readonly string[];
};

export type IamSessions = {
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
/** Provided by the IAM context; the OAuth context signs in, issues and revokes through it. */
export const iamSessions = definePort<IamSessions>("iam sessions");
