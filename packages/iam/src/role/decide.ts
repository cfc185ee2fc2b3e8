import { DomainError, assertNever, sameJson } from "@platform/kernel";
import type { RoleCommand } from "./commands.ts";
import type { RoleEvent } from "./events.ts";
import type { RoleState } from "./state.ts";

/**
 * Decides a command against the state: the events it records, or a DomainError. A change that changes nothing records
 * nothing.
 */
export const decideRole = (c: RoleCommand, s: RoleState, ctx: { now: Date }): RoleEvent | RoleEvent[] => {
  const at = ctx.now.toISOString();
  if (c.type === "define") {
    if (s.status === "active") throw new DomainError("CONFLICT", "The role already exists");
    return { type: "RoleDefined", data: { description: c.description, acl: c.acl, at } };
  }
  if (s.status !== "active") throw new DomainError("NOT_FOUND", "Role not found");
  switch (c.type) {
    case "change":
      if (c.description === s.description && sameJson(c.acl, s.acl)) return [];
      return { type: "RoleChanged", data: { description: c.description, acl: c.acl } };
    case "delete":
      return { type: "RoleDeleted", data: { at } };
    default:
      return assertNever(c);
  }
};
