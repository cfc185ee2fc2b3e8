/**
 * Stable error codes of the platform. Domain code throws {@link DomainError} with one of
 * these; the HTTP layer maps each to a status once (packages/http/src/errors.ts).
 */
export type ErrorCode =
  | "INVALID_REQUEST"
  | "VALIDATION_FAILED"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "PASSWORD_CHANGE_REQUIRED"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "EMAIL_NOT_UNIQUE"
  | "PHONE_NOT_UNIQUE"
  | "INVALID_STATE"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "COMMAND_REJECTED"
  /** A graph query ran past its statement timeout (400). */
  | "QUERY_TOO_EXPENSIVE"
  | "PRECONDITION_REQUIRED"
  | "RATE_LIMITED"
  | "INTERNAL"
  /** An app's component threw, ran out of memory or answered something unusable (502). */
  | "COMPONENT_FAILED"
  /** An app's component ran past its time limit (504). */
  | "COMPONENT_TIMEOUT";

export type ValidationIssue = { readonly path: string; readonly message: string };

/** An expected failure with a stable code; never a bug. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }
}

export const notFound = (what = "Resource"): DomainError => new DomainError("NOT_FOUND", `${what} not found`);
export const forbidden = (message = "Not permitted"): DomainError => new DomainError("FORBIDDEN", message);
export const conflict = (message: string, code: ErrorCode = "CONFLICT"): DomainError => new DomainError(code, message);
export const invalidState = (message: string): DomainError => new DomainError("INVALID_STATE", message);
export const validationFailed = (
  issues: readonly ValidationIssue[],
  message = "Request validation failed",
): DomainError => new DomainError("VALIDATION_FAILED", message, issues);
export const commandRejected = (message: string, details?: unknown): DomainError =>
  new DomainError("COMMAND_REJECTED", message, details);

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
