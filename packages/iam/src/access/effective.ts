import { aceGrants, acesGrant, formatAce, parseAce } from "@platform/kernel";
import type { Ace } from "@platform/kernel";

export const OWNER_ROLE = "system:owner";

/** What an identity may do regardless of token: its roles' ACEs plus its own ACL, or everything for an owner. */
export type IdentityGrants = { readonly isOwner: boolean; readonly aces: readonly string[] };

/** The identity side: `roles` with `roleAces(key)` (unknown roles grant nothing) plus the own ACL. */
export const identityGrantsOf = (
  roles: readonly string[],
  acl: readonly string[],
  roleAces: (key: string) => readonly string[] | undefined,
): IdentityGrants => {
  const isOwner = roles.includes(OWNER_ROLE);
  const aces = new Set<string>(acl);
  for (const r of roles) for (const a of roleAces(r) ?? []) aces.add(a);
  return { isOwner, aces: [...aces] };
};

/**
 * Every identity may act on itself (`me`, `me/…`) on the identity side; a token scope can
 * still take that away. Without this, a principal whose roles never mention `me` could not
 * change its own password.
 */
const isSelfResource = (resource: string) => resource === "me" || resource.startsWith("me/");

export const identityAllows = (identity: IdentityGrants, resource: string, permission: string): boolean =>
  identity.isOwner || isSelfResource(resource) || acesGrant(identity.aces, resource, permission);

/**
 * Effective permission = token scope ∩ identity. `scope` null = the token was issued
 * without a scope and carries the identity's full permissions.
 */
export const effectiveAllows = (
  scope: readonly string[] | null,
  identity: IdentityGrants,
  resource: string,
  permission: string,
): boolean =>
  (scope === null || acesGrant(scope, resource, permission)) && identityAllows(identity, resource, permission);

/** Whether ACE `a` covers everything ACE `b` grants. */
const covers = (a: Ace, b: Ace): boolean => {
  if (a.permission !== "*" && a.permission !== b.permission) return false;
  return aceGrants(a, b.resource.join("/"), b.permission === "*" ? "*" : b.permission);
};

/**
 * The effective scope as ACE strings, for display (`/resources/me`, a token's inspection): the
 * pairwise intersection of scope and identity entries where one contains the other.
 * Authorization itself always uses {@link effectiveAllows}, which is exact.
 */
export const effectiveScope = (scope: readonly string[] | null, identity: IdentityGrants): string[] => {
  const idAces = identity.isOwner ? [parseAce("*")!] : identity.aces.map(parseAce).filter((a): a is Ace => !!a);
  if (scope === null) return idAces.map(formatAce);
  const out = new Set<string>();
  for (const s of scope.map(parseAce)) {
    if (!s) continue;
    for (const i of idAces) {
      if (covers(i, s)) out.add(formatAce(s));
      else if (covers(s, i)) out.add(formatAce(i));
    }
  }
  return [...out];
};
