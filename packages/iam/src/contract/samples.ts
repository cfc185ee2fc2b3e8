import { decideAll } from "@platform/kernel";
import { clientActor } from "../client/actor.ts";
import type { ClientCommand } from "../client/commands.ts";
import type { ClientEvent } from "../client/events.ts";
import { principalActor } from "../principal/actor.ts";
import type { PrincipalCommand } from "../principal/commands.ts";
import type { PrincipalDefinition, PrincipalEvent } from "../principal/events.ts";
import { roleActor } from "../role/actor.ts";
import type { RoleCommand } from "../role/commands.ts";
import type { RoleEvent } from "../role/events.ts";

const definition: PrincipalDefinition = {
  properties: { name: "Ann Example", email: "ann@example.com", phone: null, picture: null, settings: { locale: "sv" } },
  roles: ["sales:manager"],
  acl: ["iam/principals:read"],
  accessAttributes: { channelKey: ["web"] },
};

const principal: readonly PrincipalCommand[] = [
  { type: "create", definition },
  { type: "replace", definition: { ...definition, roles: [] } },
  { type: "changeProperties", properties: { ...definition.properties, phone: "+468123456" } },
  { type: "setRoles", roles: ["sales:manager"] },
  { type: "setAcl", acl: [] },
  { type: "suspend" },
  { type: "reactivate" },
  { type: "setPassword", temporary: true, expiresAt: "2026-01-09T03:04:05.000Z" },
  { type: "delete" },
  { type: "erase" },
];

const properties = {
  name: "Shop",
  description: "",
  redirectUris: ["https://shop.example/cb"],
  grantTypes: ["authorization_code", "refresh_token"],
  scopes: ["openid"],
  tokenEndpointAuthMethod: "client_secret_basic",
} as const;

const client: readonly ClientCommand[] = [
  { type: "create", properties, roles: [], accessAttributes: { channelKey: ["web"] } },
  { type: "replace", properties, roles: ["sales:manager"] },
  { type: "changeProperties", properties: { ...properties, description: "The web shop" } },
  { type: "setRoles", roles: [] },
  { type: "setAccessAttributes", accessAttributes: { channelKey: ["web", "app"] } },
  { type: "suspend" },
  { type: "reactivate" },
  { type: "recordSecretCreated", secretId: "0195f3a0-0000-7000-8000-000000000003", description: "ci", expiresAt: null },
  { type: "recordSecretDeleted", secretId: "0195f3a0-0000-7000-8000-000000000003" },
  { type: "delete" },
];

const role: readonly RoleCommand[] = [
  { type: "define", description: "Sales managers", acl: ["actors/order:*"] },
  { type: "change", description: "Sales managers", acl: ["actors/order:read"] },
  { type: "delete" },
];

/** Lives of a principal, a client and a role, decided by the real deciders (one of every event type). */
export const sampleIamEvents = (): (PrincipalEvent | ClientEvent | RoleEvent)[] => [
  ...decideAll(principalActor.decider, principal),
  ...decideAll(clientActor.decider, client),
  ...decideAll(roleActor.decider, role),
];
