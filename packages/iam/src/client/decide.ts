import { DomainError, assertNever, sameJson } from "@platform/kernel";
import type { ClientCommand } from "./commands.ts";
import type { ClientEvent } from "./events.ts";
import type { ClientState } from "./state.ts";

/**
 * Decides a command against the state: the events it records, or a DomainError. A write that changes nothing records
 * nothing.
 */
export const decideClient = (c: ClientCommand, s: ClientState, ctx: { now: Date }): ClientEvent | ClientEvent[] => {
  const at = ctx.now.toISOString();
  if (c.type === "create") {
    if (s.status === "active") throw new DomainError("CONFLICT", "The client already exists");
    return {
      type: "ClientCreated",
      data: { properties: c.properties, roles: c.roles, accessAttributes: c.accessAttributes, at },
    };
  }
  if (s.status !== "active") throw new DomainError("NOT_FOUND", "Client not found");
  switch (c.type) {
    // A write that changes nothing appends nothing (and keeps the ETag).
    case "replace":
      return sameJson({ p: c.properties, r: c.roles }, { p: s.properties, r: s.roles })
        ? []
        : { type: "ClientReplaced", data: { properties: c.properties, roles: c.roles } };
    case "changeProperties":
      return sameJson(c.properties, s.properties)
        ? []
        : { type: "ClientPropertiesChanged", data: { properties: c.properties } };
    case "setRoles":
      return sameJson(c.roles, s.roles) ? [] : { type: "ClientRolesChanged", data: { roles: c.roles } };
    case "setAccessAttributes":
      return sameJson(c.accessAttributes, s.accessAttributes)
        ? []
        : { type: "ClientAccessAttributesChanged", data: { accessAttributes: c.accessAttributes } };
    case "suspend":
      if (s.suspendedAt) throw new DomainError("INVALID_STATE", "The client is already suspended");
      return { type: "ClientSuspended", data: { at } };
    case "reactivate":
      if (!s.suspendedAt) throw new DomainError("INVALID_STATE", "The client is not suspended");
      return { type: "ClientReactivated", data: { at } };
    case "recordSecretCreated":
      return {
        type: "ClientSecretCreated",
        data: { secretId: c.secretId, description: c.description, expiresAt: c.expiresAt },
      };
    case "recordSecretDeleted":
      if (!s.secretIds.includes(c.secretId)) throw new DomainError("NOT_FOUND", "Secret not found");
      return { type: "ClientSecretDeleted", data: { secretId: c.secretId } };
    case "delete":
      return { type: "ClientDeleted", data: { at } };
    default:
      return assertNever(c);
  }
};
