import { DomainError, acesGrant } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Installer } from "../app/events.ts";

type Attributes = Readonly<Record<string, readonly string[]>>;

/**
 * Both restrictions at once: for an attribute both restrict, only the values both hold. A
 * request whose caller shares no value with the installer may do nothing through the
 * component: FORBIDDEN (an empty list would mean "unrestricted").
 */
export const combineAttributes = (a: Attributes, b: Attributes): Attributes => {
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

/**
 * Who a component's `ctx` acts as (docs/ACCESS.md): the ingress `acl` alone for permissions
 * (checked at install against what the installer held; the request's token never widens
 * it), and the installer's access attributes, narrowed by the request caller's (or a job's
 * scheduler's) when there is one. `id` names the installer, for audits; the event metadata names the app and component.
 */
export const runCaller = (acl: readonly string[], installedBy: Installer, requester: { readonly attributes: Attributes } | undefined): Caller => {
  const attributes = combineAttributes(installedBy.attributes, requester?.attributes ?? {});
  return {
    kind: installedBy.clientId ? "client" : "principal",
    id: installedBy.clientId ?? installedBy.principalId ?? "",
    ...(installedBy.principalId ? { principalId: installedBy.principalId } : {}),
    ...(installedBy.clientId ? { clientId: installedBy.clientId } : {}),
    sessionId: "",
    roles: [],
    isOwner: false,
    scope: acl,
    attributes,
    passwordChangeRequired: false,
    can: (resource, permission) => acesGrant(acl, resource, permission),
  };
};
