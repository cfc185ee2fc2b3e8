/** @platform/iam: identities (principals, clients, roles), sessions and tokens, authentication. */
export { iamContext, createIamContext } from "./context.ts";
export type { IamContextOptions } from "./context.ts";
export type { IamService, VerifiedPrincipal } from "./service.ts";
export type { IssueSessionInput, IssuedSession, TokenStatus } from "./sessions/sessions-service.ts";
export type { SessionType } from "./sessions/session-store.ts";
export type { SessionView } from "./sessions/session-view.ts";
export type { Subject, SubjectKind } from "./access/identity.ts";
export type { ClientView, PrincipalView, RoleView } from "./read-model/views.ts";
export { OWNER_ROLE } from "./access/effective.ts";
export { ownerPrincipalExists } from "./read-model/owner-exists.ts";
export { passwordProblem } from "./passwords/policy.ts";
export { MAX_EMAIL_LENGTH } from "./passwords/password-throttle.ts";
export type { ThrottleOptions } from "./passwords/password-throttle.ts";
export { iamContract } from "./contract/index.ts";
export type {
  ClientAnswer,
  ClientSecretAnswer,
  CreatedClientSecretAnswer,
  MeAnswer,
  PrincipalAnswer,
  RoleAnswer,
  SessionAnswer,
} from "./contract/answers.ts";
