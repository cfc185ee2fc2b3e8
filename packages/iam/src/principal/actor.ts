import { DomainError, assertNever, sameJson } from "@platform/kernel";
import { defineActor } from "@platform/actor-runtime";
import type { AccessAttributes, PrincipalCommand, PrincipalEvent, PrincipalProperties } from "./events.ts";

export type PrincipalState = {
  readonly status: "none" | "active" | "deleted";
  readonly properties: PrincipalProperties | null;
  readonly roles: readonly string[];
  readonly acl: readonly string[];
  readonly accessAttributes: AccessAttributes;
  readonly suspendedAt: string | null;
  readonly createdAt: string | null;
  readonly passwordLogin: boolean;
  readonly passwordExpiresAt: string | null;
};

const initialState = (): PrincipalState => ({
  status: "none",
  properties: null,
  roles: [],
  acl: [],
  accessAttributes: {},
  suspendedAt: null,
  createdAt: null,
  passwordLogin: false,
  passwordExpiresAt: null,
});


const decide = (c: PrincipalCommand, s: PrincipalState, ctx: { now: Date }): PrincipalEvent | PrincipalEvent[] => {
  const at = ctx.now.toISOString();
  if (c.type === "create") {
    if (s.status === "active") throw new DomainError("CONFLICT", "The principal already exists");
    return { type: "PrincipalCreated", data: { ...c.definition, at } };
  }
  if (s.status !== "active") throw new DomainError("NOT_FOUND", "Principal not found");
  switch (c.type) {
    // A write that changes nothing appends nothing (and keeps the ETag).
    case "replace":
      return sameJson(c.definition, { properties: s.properties, roles: s.roles, acl: s.acl, accessAttributes: s.accessAttributes }) ? [] : { type: "PrincipalReplaced", data: c.definition };
    case "changeProperties":
      return sameJson(c.properties, s.properties) ? [] : { type: "PrincipalPropertiesChanged", data: { properties: c.properties } };
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

const evolve = (s: PrincipalState, e: PrincipalEvent): PrincipalState => {
  switch (e.type) {
    case "PrincipalCreated": {
      const { at, ...d } = e.data;
      return { ...initialState(), ...d, status: "active", createdAt: at };
    }
    case "PrincipalReplaced":
      return { ...s, ...e.data };
    case "PrincipalPropertiesChanged":
      return { ...s, properties: e.data.properties };
    case "PrincipalRolesChanged":
      return { ...s, roles: e.data.roles };
    case "PrincipalAclChanged":
      return { ...s, acl: e.data.acl };
    case "PrincipalSuspended":
      return { ...s, suspendedAt: e.data.at };
    case "PrincipalReactivated":
      return { ...s, suspendedAt: null };
    case "PrincipalPasswordSet":
      return { ...s, passwordLogin: true, passwordExpiresAt: e.data.expiresAt };
    case "PrincipalDeleted":
      return { ...initialState(), status: "deleted" };
    default:
      return s;
  }
};

/**
 * A principal (human identity). Email (lower-cased) and phone are natural keys, reserved
 * atomically with the append. It accepts no actor-API messages: it is changed only through
 * the IAM routes, which enforce the IAM permissions and guards.
 */
export const principalActor = defineActor<PrincipalState, PrincipalCommand, PrincipalEvent>({
  type: "principal",
  // Read only through IAM's own routes and permissions (iam/…:read and the access attributes).
  actorApi: false,
  exists: (s) => s.status === "active",
  naturalKeys: {
    email: { of: (s) => s.properties?.email.toLowerCase(), conflictCode: "EMAIL_NOT_UNIQUE", addressable: false },
    phone: { of: (s) => s.properties?.phone ?? undefined, conflictCode: "PHONE_NOT_UNIQUE", addressable: false },
  },
  lifecycle: { created: ["PrincipalCreated"], deleted: ["PrincipalDeleted"] },
  identifiers: (id) => ({ principalId: id }),
  attributes: (s) => ({ channelKey: s.accessAttributes.channelKey?.[0] }),
  decider: { initialState, decide, evolve },
  messages: {},
});
