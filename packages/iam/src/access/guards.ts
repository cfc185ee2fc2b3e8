import { DomainError, callerHolds, canonicalAttributes } from "@platform/kernel";

export { canonicalAttributes, inheritedAttributes } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import { OWNER_ROLE } from "./effective.ts";

export type Attributes = Readonly<Record<string, readonly string[]>>;

/** An identity's values for one attribute (own keys only: `constructor` is a name like any other). */
const valuesOf = (attributes: Attributes, name: string): readonly string[] =>
  Object.hasOwn(attributes, name) ? attributes[name]! : [];

/**
 * ABAC for identities: a principal restricted on an attribute sees a principal only when
 * that principal's values for it share one with the caller's. No values = hidden.
 */
export const attributesOverlap = (caller: Pick<Caller, "attributes">, target: Attributes): boolean =>
  Object.entries(caller.attributes).every(
    ([name, allowed]) => allowed.length === 0 || valuesOf(target, name).some((v) => allowed.includes(v)),
  );

/** 403 when the target identity is outside the caller's access attributes. */
export const requireVisible = (caller: Caller, target: Attributes) => {
  if (!attributesOverlap(caller, target)) throw new DomainError("FORBIDDEN", "Outside your access attributes");
};

/**
 * `target` narrowed to what the caller may see: for every attribute the caller is restricted
 * on, only the target's values the caller holds (the caller's values where the target has
 * none). Attributes the caller is not restricted on are kept.
 */
export const narrowedAttributes = (caller: Pick<Caller, "attributes">, target: Attributes): Attributes => {
  const out = new Map<string, readonly string[]>(Object.entries(target));
  for (const [name, allowed] of Object.entries(caller.attributes)) {
    if (allowed.length === 0) continue;
    const current = Object.hasOwn(target, name) ? target[name]! : allowed;
    const kept = current.filter((v) => allowed.includes(v));
    // Never reached for a visible target (it shares a value); an empty list would mean "unrestricted".
    if (kept.length === 0) throw new DomainError("FORBIDDEN", "Outside your access attributes");
    out.set(name, kept);
  }
  return canonicalAttributes(Object.fromEntries(out));
};

/** A restricted caller may only give values it holds itself (and must give one). */
export const requireAssignableAttributes = (caller: Caller, next: Attributes) => {
  for (const [name, allowed] of Object.entries(caller.attributes)) {
    if (allowed.length === 0) continue;
    const values = valuesOf(next, name);
    if (values.length === 0 || values.some((v) => !allowed.includes(v)))
      throw new DomainError("FORBIDDEN", `You may only assign ${name} values you hold yourself`);
  }
};

const holds = callerHolds;

/** The first role or ACE among these that carries a permission the caller does not hold, if any. */
const firstUnheld = (
  caller: Caller,
  roles: readonly string[],
  aces: readonly string[],
  roleAces: ReadonlyMap<string, readonly string[]>,
): string | undefined => {
  if (caller.isOwner && caller.can("*", "*")) return undefined;
  for (const role of roles)
    if (role === OWNER_ROLE || !(roleAces.get(role) ?? []).every((a) => holds(caller, a))) return `role '${role}'`;
  return aces.find((a) => !holds(caller, a));
};

/**
 * No privilege escalation: a caller may add only roles and ACEs whose permissions it holds
 * itself, and only an owner may give `system:owner`. Entries already present are not
 * re-checked, so a limited administrator can still edit other fields.
 */
export const requireGrantable = (
  caller: Caller,
  change: {
    readonly rolesBefore: readonly string[];
    readonly rolesAfter: readonly string[];
    readonly acesBefore: readonly string[];
    readonly acesAfter: readonly string[];
  },
  roleAces: ReadonlyMap<string, readonly string[]>,
) => {
  const added = firstUnheld(
    caller,
    change.rolesAfter.filter((r) => !change.rolesBefore.includes(r)),
    change.acesAfter.filter((a) => !change.acesBefore.includes(a)),
    roleAces,
  );
  if (added) throw new DomainError("FORBIDDEN", `You cannot grant ${added}: it carries permissions you do not hold`);
};

/**
 * No takeover of a stronger identity: changing, suspending, deleting, resetting the password
 * of (or minting a secret for) an identity needs every permission that identity holds —
 * otherwise an administrator could reset an owner's password and sign in as the owner.
 */
export const requireOutranks = (
  caller: Caller,
  target: { readonly roles: readonly string[]; readonly aces: readonly string[] },
  roleAces: ReadonlyMap<string, readonly string[]>,
) => {
  const unheld = firstUnheld(caller, target.roles, target.aces, roleAces);
  if (unheld)
    throw new DomainError(
      "FORBIDDEN",
      `This identity holds ${unheld.startsWith("role") ? unheld : `'${unheld}'`}, which you do not hold`,
    );
};
