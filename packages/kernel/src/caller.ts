import { DomainError } from "./errors.ts";
import { parseAce } from "./access.ts";

/**
 * The authenticated caller of a request, as every context sees it. IAM builds it from a
 * token; contexts only ask it questions.
 */
export type Caller = {
  readonly kind: "principal" | "client";
  /** The principal's or the client's id. */
  readonly id: string;
  readonly principalId?: string;
  readonly clientId?: string;
  readonly sessionId: string;
  readonly roles: readonly string[];
  /** `system:owner` on the identity side (a narrower token scope still narrows it). */
  readonly isOwner: boolean;
  /** The token's effective scope, as ACE strings. */
  readonly scope: readonly string[];
  /**
   * The scope the token was issued with, as asked (null: issued without one, so it carries the
   * identity's full permissions). What the caller makes to act later (a subscription) keeps it,
   * so that it never reads more than this token could.
   */
  readonly tokenScope: readonly string[] | null;
  /** Access attributes (ABAC): attribute name → allowed values. Empty = unrestricted. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  readonly passwordChangeRequired: boolean;
  /** Whether the token may do `permission` on `resource` (for example `iam/principals`, `read`). */
  can(resource: string, permission: string): boolean;
};

/** Whether the caller is restricted by any access attribute (an empty list restricts nothing). */
export const isRestricted = (caller: Pick<Caller, "attributes">): boolean =>
  Object.values(caller.attributes).some((values) => values.length > 0);

/**
 * Whether a caller may see a record with these attribute values: for every attribute the
 * caller is restricted on, the record's value must be one of the caller's. A record without
 * a value is hidden from a restricted caller.
 */
export const attributesAllow = (
  caller: Pick<Caller, "attributes">,
  record: Readonly<Record<string, string | null | undefined>>,
): boolean =>
  Object.entries(caller.attributes).every(
    ([name, allowed]) =>
      allowed.length === 0 || (Object.hasOwn(record, name) && record[name] != null && allowed.includes(record[name]!)),
  );

/**
 * Whether the caller holds everything an ACE grants (a `*` permission needs a `*` grant, an
 * ACE on `actors/*` a grant covering every actor type). Malformed ACEs are held by no one.
 */
export const callerHolds = (caller: Pick<Caller, "can">, aceText: string): boolean => {
  const ace = parseAce(aceText);
  return !!ace && caller.can(ace.resource.join("/"), ace.permission);
};

/**
 * Attributes in one canonical form (names sorted, values distinct and sorted, empty lists
 * dropped: an empty list restricts nothing), so two equal restrictions compare equal.
 */
export const canonicalAttributes = (
  a: Readonly<Record<string, readonly string[]>>,
): Readonly<Record<string, readonly string[]>> =>
  Object.fromEntries(
    Object.entries(a)
      .filter(([, values]) => values.length > 0)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([name, values]) => [name, [...new Set(values)].sort()]),
  );

/** What a way in made by this caller (a client, a secret) is restricted to: the caller's own restriction. */
export const inheritedAttributes = (caller: Pick<Caller, "attributes">): Readonly<Record<string, readonly string[]>> =>
  canonicalAttributes(caller.attributes);

/**
 * Both restrictions at once: for an attribute both restrict, only the values both hold. Two
 * that share no value leave nothing to act on: FORBIDDEN (an empty list would mean
 * "unrestricted"), as for a request whose caller shares no value with an app's installer.
 */
export const combineAttributes = (
  a: Readonly<Record<string, readonly string[]>>,
  b: Readonly<Record<string, readonly string[]>>,
): Readonly<Record<string, readonly string[]>> => {
  const out = new Map<string, readonly string[]>();
  for (const [name, values] of [...Object.entries(a), ...Object.entries(b)]) {
    if (values.length === 0) continue;
    const held = out.get(name);
    const next = held ? held.filter((v) => values.includes(v)) : [...values];
    if (next.length === 0) throw new DomainError("FORBIDDEN", "Outside your access attributes");
    out.set(name, next);
  }
  return Object.fromEntries(out);
};
