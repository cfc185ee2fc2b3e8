import { parseAce } from "@platform/kernel";
import type { Ace } from "@platform/kernel";

/** OpenID Connect scopes: plain names, not ACEs; matched exactly. */
export const OIDC_SCOPES: readonly string[] = ["openid", "profile", "email", "phone", "offline_access"];

/** RFC 6749 §3.3 scope-token characters. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/** Splits a scope parameter; undefined when a token has characters RFC 6749 forbids. Duplicates dropped, order kept. */
export const parseScopeParam = (raw: string | undefined): string[] | undefined => {
  const parts = (raw ?? "").split(" ").filter(Boolean);
  if (parts.some((p) => !SCOPE_TOKEN.test(p))) return undefined;
  return [...new Set(parts)];
};

/** Whether ACE `outer` grants at least everything ACE `inner` grants. */
const aceCovers = (outer: Ace, inner: Ace): boolean => {
  if (outer.permission !== "*" && outer.permission !== inner.permission) return false;
  if (outer.resource.length === 1 && outer.resource[0] === "*") return true;
  if (outer.resource.length > inner.resource.length) return false;
  return outer.resource.every((seg, i) => seg === "*" || seg === inner.resource[i]);
};

/**
 * Whether every requested scope is within `allowed`: OpenID scopes by name, ACEs by
 * coverage (`iam:*` allows `iam/principals:read`). Malformed ACEs are never allowed.
 */
export const scopeWithin = (requested: readonly string[], allowed: readonly string[]): boolean => {
  const allowedAces = allowed
    .filter((s) => !OIDC_SCOPES.includes(s))
    .map(parseAce)
    .filter((a): a is Ace => a !== undefined);
  return requested.every((s) => {
    if (allowed.includes(s)) return true;
    if (OIDC_SCOPES.includes(s)) return false;
    const ace = parseAce(s);
    return ace !== undefined && allowedAces.some((a) => aceCovers(a, ace));
  });
};

/** Scopes that are not within `allowed` (for error messages). */
export const scopesOutside = (requested: readonly string[], allowed: readonly string[]): string[] =>
  requested.filter((s) => !scopeWithin([s], allowed));
