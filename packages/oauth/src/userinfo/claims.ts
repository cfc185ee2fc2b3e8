import type { PrincipalClaims } from "../iam/iam-port.ts";

/** The claims each OpenID scope releases (OpenID Connect Core 5.4). */
const SCOPE_CLAIMS = {
  profile: ["name", "picture", "updated_at"],
  email: ["email", "email_verified"],
  phone: ["phone_number"],
} as const;

/** Every claim this server can release, for discovery's `claims_supported`. */
export const CLAIMS_SUPPORTED = [
  "iss",
  "sub",
  "aud",
  "exp",
  "iat",
  "auth_time",
  "nonce",
  "sid",
  "at_hash",
  ...Object.values(SCOPE_CLAIMS).flat(),
];

/**
 * The claims about a principal that a session's scope lets its client see. A claim the
 * principal has no value for is left out (Core 5.3.2). No email address is verified by this
 * server, so `email_verified` is false.
 */
export const claimsFor = (
  scope: readonly string[] | null,
  p: PrincipalClaims,
): Record<string, string | number | boolean> => {
  const granted = new Set(scope ?? []);
  const out: Record<string, string | number | boolean> = {};
  if (granted.has("profile")) {
    if (p.name) out.name = p.name;
    if (p.picture) out.picture = p.picture;
    out.updated_at = Math.floor(p.updatedAt.getTime() / 1000);
  }
  if (granted.has("email") && p.email) {
    out.email = p.email;
    out.email_verified = false;
  }
  if (granted.has("phone") && p.phone) out.phone_number = p.phone;
  return out;
};

/** Whether a scope asks for any claim beyond `sub` (so the principal's record is worth reading). */
export const wantsClaims = (scope: readonly string[] | null): boolean =>
  !!scope?.some((s) => Object.hasOwn(SCOPE_CLAIMS, s));
