import * as v from "valibot";
import { personal } from "@platform/host";
import type { ClientEvent } from "../client/events.ts";
import { AUTH_METHODS, GRANT_TYPES } from "../client/properties.ts";
import type { PrincipalEvent } from "../principal/events.ts";
import type { RoleEvent } from "../role/events.ts";

/** Each event type's `data` schema must produce exactly what the union says that event carries. */
type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = {
  readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]>;
};

type IamEvent = PrincipalEvent | ClientEvent | RoleEvent;

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const at = v.object({ at: timestamp });
const roles = v.pipe(v.array(v.string()), v.description("Role keys (namespace:capability)"));
const aces = v.pipe(v.array(v.string()), v.description("Canonical ACE strings (resource[/sub]:permission)"));

/** Personal data of the principal (docs/PRIVACY.md): sealed under its key, null once it is erased. */
const principalProperties = v.object({
  name: personal(v.string()),
  email: personal(v.string()),
  phone: personal(v.nullable(v.string())),
  picture: personal(v.nullable(v.string())),
  settings: personal(v.record(v.string(), v.unknown())),
});
const accessAttributes = v.pipe(
  v.record(v.string(), v.array(v.string())),
  v.description("Attribute name → the values the identity is restricted to"),
);
const principalDefinition = {
  properties: principalProperties,
  roles,
  acl: aces,
  accessAttributes,
};

const clientProperties = v.object({
  name: v.string(),
  description: v.string(),
  redirectUris: v.array(v.string()),
  grantTypes: v.array(v.picklist(GRANT_TYPES)),
  scopes: v.array(v.string()),
  tokenEndpointAuthMethod: v.picklist(AUTH_METHODS),
  backchannelLogoutUri: v.optional(v.string()),
  backchannelLogoutSessionRequired: v.optional(v.boolean()),
});

/**
 * The `data` of every event the IAM actors append: principal (principal/events.ts), client
 * (client/events.ts) and role (role/events.ts). Password hashes and secrets are never in
 * events. Published as schemas/events/iam.json.
 */
export const iamEventSchemas = {
  PrincipalCreated: v.object({ ...principalDefinition, at: timestamp }),
  PrincipalReplaced: v.object(principalDefinition),
  PrincipalPropertiesChanged: v.object({ properties: principalProperties }),
  PrincipalRolesChanged: v.object({ roles }),
  PrincipalAclChanged: v.object({ acl: aces }),
  PrincipalSuspended: at,
  PrincipalReactivated: at,
  PrincipalPasswordSet: v.object({ temporary: v.boolean(), expiresAt: v.nullable(timestamp), at: timestamp }),
  PrincipalDeleted: at,
  PrincipalErased: at,
  ClientCreated: v.object({
    properties: clientProperties,
    roles,
    accessAttributes: v.optional(accessAttributes),
    at: timestamp,
  }),
  ClientReplaced: v.object({ properties: clientProperties, roles }),
  ClientPropertiesChanged: v.object({ properties: clientProperties }),
  ClientRolesChanged: v.object({ roles }),
  ClientAccessAttributesChanged: v.object({ accessAttributes }),
  ClientSuspended: at,
  ClientReactivated: at,
  ClientSecretCreated: v.object({ secretId: v.string(), description: v.string(), expiresAt: v.nullable(timestamp) }),
  ClientSecretDeleted: v.object({ secretId: v.string() }),
  ClientDeleted: at,
  RoleDefined: v.object({ description: v.string(), acl: aces, at: timestamp }),
  RoleChanged: v.object({ description: v.string(), acl: aces }),
  RoleDeleted: at,
} satisfies EventDataSchemas<IamEvent>;
