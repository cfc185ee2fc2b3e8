import { createHash, randomBytes } from "node:crypto";

/** A PKCE verifier (RFC 7636: 43 characters of base64url) and its S256 challenge. */
export const pkcePair = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

export const randomState = () => randomBytes(16).toString("base64url");

/** Where a sign-in may return: a portal path, never another origin (`//evil`) or a backslash trick. */
export const safeNext = (next: string | undefined): string =>
  next && /^\/portal(\/[A-Za-z0-9._~!$&'()*+,;=:@%/?-]*)?$/.test(next) && !next.includes("//") && !next.includes("\\")
    ? next
    : "/portal";
