import { DomainError, assertNever, sameJson } from "@platform/kernel";
import { defineActor } from "@platform/actor-runtime";
import type { AccessAttributes, ClientCommand, ClientEvent, ClientProperties } from "./events.ts";

export type ClientState = {
  readonly status: "none" | "active" | "deleted";
  readonly properties: ClientProperties | null;
  readonly roles: readonly string[];
  /** What every token of the client is restricted to (ABAC); inherited from a restricted maker. */
  readonly accessAttributes: AccessAttributes;
  readonly suspendedAt: string | null;
  readonly createdAt: string | null;
  /** Ids of the secrets that exist (not deleted); their hashes are in iam_client_secrets. */
  readonly secretIds: readonly string[];
};

const initialState = (): ClientState => ({ status: "none", properties: null, roles: [], accessAttributes: {}, suspendedAt: null, createdAt: null, secretIds: [] });


const decide = (c: ClientCommand, s: ClientState, ctx: { now: Date }): ClientEvent | ClientEvent[] => {
  const at = ctx.now.toISOString();
  if (c.type === "create") {
    if (s.status === "active") throw new DomainError("CONFLICT", "The client already exists");
    return { type: "ClientCreated", data: { properties: c.properties, roles: c.roles, accessAttributes: c.accessAttributes, at } };
  }
  if (s.status !== "active") throw new DomainError("NOT_FOUND", "Client not found");
  switch (c.type) {
    // A write that changes nothing appends nothing (and keeps the ETag).
    case "replace":
      return sameJson({ p: c.properties, r: c.roles }, { p: s.properties, r: s.roles }) ? [] : { type: "ClientReplaced", data: { properties: c.properties, roles: c.roles } };
    case "changeProperties":
      return sameJson(c.properties, s.properties) ? [] : { type: "ClientPropertiesChanged", data: { properties: c.properties } };
    case "setRoles":
      return sameJson(c.roles, s.roles) ? [] : { type: "ClientRolesChanged", data: { roles: c.roles } };
    case "setAccessAttributes":
      return sameJson(c.accessAttributes, s.accessAttributes) ? [] : { type: "ClientAccessAttributesChanged", data: { accessAttributes: c.accessAttributes } };
    case "suspend":
      if (s.suspendedAt) throw new DomainError("INVALID_STATE", "The client is already suspended");
      return { type: "ClientSuspended", data: { at } };
    case "reactivate":
      if (!s.suspendedAt) throw new DomainError("INVALID_STATE", "The client is not suspended");
      return { type: "ClientReactivated", data: { at } };
    case "recordSecretCreated":
      return { type: "ClientSecretCreated", data: { secretId: c.secretId, description: c.description, expiresAt: c.expiresAt } };
    case "recordSecretDeleted":
      if (!s.secretIds.includes(c.secretId)) throw new DomainError("NOT_FOUND", "Secret not found");
      return { type: "ClientSecretDeleted", data: { secretId: c.secretId } };
    case "delete":
      return { type: "ClientDeleted", data: { at } };
    default:
      return assertNever(c);
  }
};

const evolve = (s: ClientState, e: ClientEvent): ClientState => {
  switch (e.type) {
    case "ClientCreated":
      return { ...initialState(), status: "active", properties: e.data.properties, roles: e.data.roles, accessAttributes: e.data.accessAttributes ?? {}, createdAt: e.data.at };
    case "ClientReplaced":
      return { ...s, properties: e.data.properties, roles: e.data.roles };
    case "ClientPropertiesChanged":
      return { ...s, properties: e.data.properties };
    case "ClientRolesChanged":
      return { ...s, roles: e.data.roles };
    case "ClientAccessAttributesChanged":
      return { ...s, accessAttributes: e.data.accessAttributes };
    case "ClientSuspended":
      return { ...s, suspendedAt: e.data.at };
    case "ClientReactivated":
      return { ...s, suspendedAt: null };
    case "ClientSecretCreated":
      return { ...s, secretIds: [...s.secretIds, e.data.secretId] };
    case "ClientSecretDeleted":
      return { ...s, secretIds: s.secretIds.filter((x) => x !== e.data.secretId) };
    case "ClientDeleted":
      return { ...initialState(), status: "deleted" };
    default:
      return s;
  }
};

/** A client (application or service identity); ids are arbitrary strings. Changed only through the IAM routes. */
export const clientActor = defineActor<ClientState, ClientCommand, ClientEvent>({
  type: "client",
  // Read only through IAM's own routes and permissions (iam/…:read and the access attributes).
  actorApi: false,
  exists: (s) => s.status === "active",
  lifecycle: { created: ["ClientCreated"], deleted: ["ClientDeleted"] },
  identifiers: (id) => ({ clientId: id }),
  decider: { initialState, decide, evolve },
  messages: {},
});
