import { DomainError } from "@platform/kernel";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

export const MAX_PASSWORD_LENGTH = 256;

/** Characters that do not simply repeat or continue a run (`aaaa`, `1234`, `dcba`) from the previous one. */
const novelCharacters = (s: string): number => {
  let novel = 0;
  for (let i = 0; i < s.length; i++) {
    const d = i === 0 ? Infinity : Math.abs(s.charCodeAt(i) - s.charCodeAt(i - 1));
    if (d > 1) novel++;
  }
  return novel;
};

/**
 * Why a password is refused, or undefined when it is acceptable. Spec rules (at least 8
 * characters, an upper-case and a lower-case letter and a digit) plus "not common or weak":
 * a common password with digits/symbols stripped or appended, one character repeated, a
 * run of sequential characters, or containing the email's local part or the name.
 */
export const passwordProblem = (
  password: string,
  context: { readonly email?: string | null; readonly name?: string | null } = {},
): string | undefined => {
  if (password.length < 8) return "Password must be at least 8 characters long";
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  if (!/[A-Z]/.test(password)) return "Password must contain an upper-case letter";
  if (!/[a-z]/.test(password)) return "Password must contain a lower-case letter";
  if (!/[0-9]/.test(password)) return "Password must contain a digit";
  const lower = password.toLowerCase();
  const core = lower.replace(/[^a-z]+$/, "").replace(/^[^a-z]+/, "");
  const leet = lower
    .replace(/0/g, "o")
    .replace(/1/g, "i")
    .replace(/3/g, "e")
    .replace(/4|@/g, "a")
    .replace(/5|\$/g, "s")
    .replace(/[^a-z]/g, "");
  if (novelCharacters(lower) < 4) return "Password is too simple";
  if (COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(core) || COMMON_PASSWORDS.has(leet))
    return "Password is too common";
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 3 && lower.includes(local)) return "Password must not contain your email address";
  const names = (context.name ?? "")
    .toLowerCase()
    .split(/\s+/)
    .filter((n) => n.length >= 3);
  if (names.some((n) => lower.includes(n))) return "Password must not contain your name";
  return undefined;
};

/** Throws VALIDATION_FAILED (path `newPassword` unless given) when the password is refused. */
export const assertPasswordAcceptable = (
  password: string,
  context: { readonly email?: string | null; readonly name?: string | null } = {},
  path = "newPassword",
) => {
  const problem = passwordProblem(password, context);
  if (problem) throw new DomainError("VALIDATION_FAILED", problem, [{ path, message: problem }]);
};
