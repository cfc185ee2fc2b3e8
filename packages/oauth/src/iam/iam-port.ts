import type { PrincipalClaims, SessionEndQueue, SubjectRef } from "@platform/ports";

// IAM's side of these is the iam sessions port (packages/ports); this context's own view re-exports them.
export type { PrincipalClaims, SessionEnd, SessionEndQueue, SubjectRef } from "@platform/ports";
/**
 * What the authorization server needs from IAM, in its own words. `iam-adapter.ts` builds
 * it from IAM's public exports only; nothing else in this package knows IAM's shapes.
 */

export type OAuthClientInfo = {
  readonly id: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly grantTypes: readonly string[];
  readonly scopes: readonly string[];
  /** `none` = a public client: no secret, PKCE required. */
  readonly tokenEndpointAuthMethod: string;
  readonly suspended: boolean;
  /** OpenID Connect Back-Channel Logout: where to POST a logout token when one of its sessions ends; null = none. */
  readonly backchannelLogoutUri: string | null;
  /** A client built into the platform (IAM's system clients: the portal), trusted as first-party: no consent page. */
  readonly builtIn: boolean;
};

export type IssueInput = {
  readonly subject: SubjectRef;
  readonly clientId: string;
  readonly type: "interactive" | "api" | "pat";
  /** undefined/null = the identity's full permissions. */
  readonly scope: readonly string[] | null;
  readonly description: string;
  readonly withRefresh: boolean;
  readonly accessTtlS?: number;
  readonly passwordChangeRequired?: boolean;
  /** When the principal signed in (the browser session's sign-in), for `auth_time`. */
  readonly authTime?: Date;
};

export type IssuedTokens = {
  readonly sessionId: string;
  readonly accessToken: string;
  readonly refreshToken?: string | undefined;
  readonly expiresIn: number;
  /** The session's scope; null = full permissions of the identity. */
  readonly scope: readonly string[] | null;
  /** What the token may do: its scope ∩ the identity's permissions (`*` for an owner). */
  readonly effectiveScope: readonly string[];
  readonly subject: SubjectRef;
  readonly clientId: string | null;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  /** When the principal signed in for the session (`auth_time`), kept across refreshes; null when unknown. */
  readonly authTime: Date | null;
};

export type TokenInfo =
  | { readonly active: false }
  | {
      readonly active: true;
      readonly sessionId: string;
      readonly tokenType: "access_token" | "refresh_token";
      readonly subject: SubjectRef;
      readonly clientId: string | null;
      readonly scope: readonly string[] | null;
      /** The scope the session was granted (OpenID scopes included); null = full permissions. */
      readonly grantedScope: readonly string[] | null;
      readonly issuedAt: Date;
      readonly expiresAt: Date;
      readonly sessionType: string;
    };

export type ClientAuthResult =
  | { readonly ok: true; readonly client: OAuthClientInfo }
  | { readonly ok: false; readonly reason: "invalid client" | "invalid client secret" }
  /** Too many failed authentications of this client id or from this address: try again after `retryAfterS`. */
  | { readonly ok: false; readonly reason: "throttled"; readonly retryAfterS: number };

export type PasswordCheck =
  | { readonly ok: true; readonly principalId: string; readonly passwordChangeRequired: boolean }
  | { readonly ok: false; readonly reason: "invalid" | "suspended" }
  /** Too many failed attempts on this account or from this address: try again after `retryAfterS`. */
  | { readonly ok: false; readonly reason: "throttled"; readonly retryAfterS: number; readonly message: string };

/** Why a refresh failed: unknown/expired/revoked, or a replay (IAM has then revoked the session). */
export type RefreshResult =
  | { readonly ok: true; readonly tokens: IssuedTokens }
  | { readonly ok: false; readonly error: "invalid_grant" | "invalid_scope"; readonly reason: string };

export type SessionInfo = {
  readonly id: string;
  readonly type: string;
  readonly subject: SubjectRef;
  readonly clientId: string | null;
  readonly revoked: boolean;
};

export interface IamPort {
  getClient(id: string): Promise<OAuthClientInfo | undefined>;
  /**
   * Secret check: unknown or suspended client → "invalid client"; wrong, expired or revoked secret → "invalid client
   * secret".
   * Given the caller's `address`, throttled per client id and per address (IAM's job, as for passwords).
   */
  authenticateClient(id: string, secret: string, address?: string): Promise<ClientAuthResult>;
  /** Email + password, throttled per account and per `address` (IAM's job, as is equal work for unknown emails). */
  verifyPassword(email: string, password: string, address: string): Promise<PasswordCheck>;
  /** Whether the principal exists and is not suspended (a signed-in browser may outlive a suspension). */
  principalActive(id: string): Promise<boolean>;
  issueSession(input: IssueInput): Promise<IssuedTokens>;
  /** Rotates a refresh token (optionally narrowing the scope); a replay revokes the whole session. */
  refresh(refreshToken: string, scope: readonly string[] | undefined): Promise<RefreshResult>;
  introspect(token: string): Promise<TokenInfo>;
  /** Whether the client itself (its roles and configured scopes) holds the permission. */
  clientHolds(clientId: string, resource: string, permission: string): Promise<boolean>;
  revokeToken(token: string): Promise<void>;
  revokeSession(id: string): Promise<void>;
  getSession(id: string): Promise<SessionInfo | undefined>;
  /** A principal's claims; undefined when gone or suspended. */
  principalClaims(id: string): Promise<PrincipalClaims | undefined>;
  readonly sessionEnds: SessionEndQueue;
}
