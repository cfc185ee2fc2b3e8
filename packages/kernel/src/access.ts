/**
 * Access control entries (ACEs): `resource[/sub…]:permission`, for example
 * `iam/principals:read`, `jobs/nightly:schedule`, `actors/order:create`, `graph:*`.
 * `*` as the permission grants every permission; `*` as a resource segment matches any
 * one segment, and a lone `*` (or `*:*`) everything. An ACE on a resource also covers
 * everything below it: `jobs:read` covers `jobs/nightly:read`.
 */
export type Ace = { readonly resource: readonly string[]; readonly permission: string };

const SEGMENT = /^[A-Za-z0-9_.~@+*-]+$|^[A-Za-z0-9_.~@+-]+(:[A-Za-z0-9_.~@+-]+)*$/;

/** Parses an ACE string; undefined when malformed. */
export const parseAce = (text: string): Ace | undefined => {
  const s = text.trim();
  if (s === "*") return { resource: ["*"], permission: "*" };
  const i = s.lastIndexOf(":");
  if (i <= 0 || i === s.length - 1) return undefined;
  const resource = s.slice(0, i).split("/");
  const permission = s.slice(i + 1);
  if (!/^[A-Za-z0-9_*.-]+$/.test(permission)) return undefined;
  if (resource.some((seg) => seg === "" || !SEGMENT.test(seg))) return undefined;
  return { resource, permission };
};

export const formatAce = (ace: Ace): string => `${ace.resource.join("/")}:${ace.permission}`;

/** Whether one ACE grants `permission` on `resource` (a path such as `iam/principals`). */
export const aceGrants = (ace: Ace, resource: string, permission: string): boolean => {
  if (ace.permission !== "*" && ace.permission !== permission) return false;
  if (ace.resource.length === 1 && ace.resource[0] === "*") return true;
  const target = resource.split("/");
  if (ace.resource.length > target.length) return false;
  return ace.resource.every((seg, i) => seg === "*" || seg === target[i]);
};

/** Whether any ACE in the list grants it. Malformed strings grant nothing. */
export const acesGrant = (aces: readonly (string | Ace)[], resource: string, permission: string): boolean =>
  aces.some((a) => {
    const ace = typeof a === "string" ? parseAce(a) : a;
    return ace !== undefined && aceGrants(ace, resource, permission);
  });

/** Splits a space-separated scope string into ACE strings (empty entries dropped). */
export const splitScope = (scope: string | undefined | null): string[] => (scope ?? "").split(/\s+/).filter(Boolean);
