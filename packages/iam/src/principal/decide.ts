import { DomainError, assertNever, sameJson } from "@platform/kernel";
import type { PrincipalCommand } from "./commands.ts";
import type { PrincipalEvent } from "./events.ts";
import type { PrincipalState } from "./state.ts";

/**
 * Decides a command against the state: the events it records, or a DomainError. A write that changes nothing records
 * nothing.
 */
export const decidePrincipal = (
  c: PrincipalCommand,
  s: PrincipalState,
  ctx: { now: Date },
): PrincipalEvent | PrincipalEvent[] => {
  const at = ctx.now.toISOString();
  if (c.type === "erase") {
    if (s.status === "none") throw new DomainError("NOT_FOUND", "Principal not found");
    if (s.erased) return [];
    const erased: PrincipalEvent = { type: "PrincipalErased", data: { at } };
    return s.status === "active" ? [{ type: "PrincipalDeleted", data: { at } }, erased] : [erased];
  }
  if (c.type === "create") {
    if (s.status === "active") throw new DomainError("CONFLICT", "The principal already exists");
    if (s.erased) throw new DomainError("CONFLICT", "The principal was erased; its id cannot be used again");
    return { type: "PrincipalCreated", data: { ...c.definition, at } };
  }
  if (s.status !== "active") throw new DomainError("NOT_FOUND", "Principal not found");
  switch (c.type) {
    // A write that changes nothing appends nothing (and keeps the ETag).
    case "replace":
      return sameJson(c.definition, {
        properties: s.properties,
        roles: s.roles,
        acl: s.acl,
        accessAttributes: s.accessAttributes,
      })
        ? []
        : { type: "PrincipalReplaced", data: c.definition };
    case "changeProperties":
      return sameJson(c.properties, s.properties)
        ? []
        : { type: "PrincipalPropertiesChanged", data: { properties: c.properties } };
    case "setRoles":
      return sameJson(c.roles, s.roles) ? [] : { type: "PrincipalRolesChanged", data: { roles: c.roles } };
    case "setAcl":
      return sameJson(c.acl, s.acl) ? [] : { type: "PrincipalAclChanged", data: { acl: c.acl } };
    case "suspend":
      if (s.suspendedAt) throw new DomainError("INVALID_STATE", "The principal is already suspended");
      return { type: "PrincipalSuspended", data: { at } };
    case "reactivate":
      if (!s.suspendedAt) throw new DomainError("INVALID_STATE", "The principal is not suspended");
      return { type: "PrincipalReactivated", data: { at } };
    case "setPassword":
      return { type: "PrincipalPasswordSet", data: { temporary: c.temporary, expiresAt: c.expiresAt, at } };
    case "delete":
      return { type: "PrincipalDeleted", data: { at } };
    default:
      return assertNever(c);
  }
};
