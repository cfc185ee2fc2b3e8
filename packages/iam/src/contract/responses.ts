import * as v from "valibot";
import { journalEntriesSchema } from "@platform/http";
import { clientEventTypes } from "../client/events.ts";
import { AUTH_METHODS, GRANT_TYPES } from "../client/properties.ts";
import { principalEventTypes } from "../principal/events.ts";
import { roleEventTypes } from "../role/events.ts";
import { iamEventSchemas } from "./events.ts";

/** An instant as the API writes it (`Date#toISOString`). */
const instant = (what: string) => v.pipe(v.string(), v.description(`${what}: ISO 8601 instant, UTC`));
/** An instant or null, saying what null means. */
const instantOrNull = (what: string, ifNull: string) =>
  v.nullable(v.pipe(v.string(), v.description(`${what}: ISO 8601 instant, UTC; null = ${ifNull}`)));
const etag = v.pipe(
  v.string(),
  v.description("The version, as the ETag header carries it without the quotes; send it back in If-Match to update"),
);
const roles = v.pipe(v.array(v.string()), v.description("Role keys (namespace:capability)"));
const accessAttributes = v.pipe(
  v.record(v.string(), v.array(v.string())),
  v.description("Attribute name → the values the identity is restricted to (ABAC); empty = unrestricted"),
);

/** An ACL as reads show it (access/acl.ts `acesToAcl`): canonical ACEs split into resource and permission. */
const Acl = v.object({
  entries: v.array(
    v.object({
      resource: v.pipe(v.string(), v.description("Resource path, for example iam/principals or actors/order")),
      permission: v.pipe(v.string(), v.description("read, write, delete, a message type, or *")),
    }),
  ),
});

/**
 * A principal as every principal route answers it (read-model/views.ts `principalView`):
 * properties flat next to roles, acl and the rest. Never a password or its hash.
 */
export const PrincipalResponse = v.object({
  id: v.pipe(v.string(), v.description("Time-ordered UUID")),
  name: v.string(),
  email: v.pipe(v.string(), v.description("The sign-in name; unique across principals")),
  phone: v.nullable(v.string()),
  picture: v.nullable(v.pipe(v.string(), v.description("URL"))),
  settings: v.pipe(v.record(v.string(), v.unknown()), v.description("Free-form; PATCH merges it")),
  roles,
  acl: Acl,
  accessAttributes,
  suspendedAt: instantOrNull("When suspended", "active"),
  lastActiveAt: instantOrNull("Last successful authentication", "never"),
  createdAt: instant("When created"),
  passwordLogin: v.pipe(v.boolean(), v.description("Whether a password is set (password sign-in enabled)")),
  passwordExpiresAt: instantOrNull("When the temporary password expires", "no password or a permanent one"),
  etag,
});

/** `POST /resources/iam/principals/{id}/password/reset`. `Cache-Control: no-store`. */
export const TemporaryPasswordResponse = v.object({
  temporaryPassword: v.pipe(
    v.string(),
    v.description("Shown only in this answer; it must be changed at first sign-in and expires after 7 days unused"),
  ),
});

/** A session as listed (sessions/session-view.ts): never its tokens or their hashes. */
export const SessionResponse = v.object({
  id: v.pipe(v.string(), v.description("UUID; the first 16 bytes of its tokens")),
  type: v.pipe(
    v.picklist(["interactive", "api", "pat"]),
    v.description("interactive: a browser sign-in; api: client credentials; pat: a personal access token"),
  ),
  createdAt: instant("When created"),
  accessTokenExpiresAt: instant("When the current access token expires"),
  refreshTokenExpiresAt: instantOrNull("When the refresh token expires", "the session has none"),
  isCurrent: v.pipe(v.boolean(), v.description("Whether this is the session making the request")),
  isRevoked: v.boolean(),
  revokedAt: instantOrNull("When revoked", "not revoked"),
  clientId: v.nullable(v.pipe(v.string(), v.description("The client the session was created through"))),
  clientName: v.nullable(v.string()),
  description: v.pipe(v.string(), v.description("For example the browser and device, or a PAT's description")),
  scope: v.nullable(
    v.pipe(
      v.array(v.string()),
      v.description("The session's scopes; null = issued without a scope: the identity's full permissions"),
    ),
  ),
});

/** `GET /resources/iam/principals/{id}/sessions`: a plain array, not a paginated list. */
export const SessionsResponse = v.array(SessionResponse);

const clientEntries = {
  id: v.pipe(v.string(), v.description("UUID, or any id chosen in PUT")),
  name: v.string(),
  description: v.string(),
  redirectUris: v.array(v.string()),
  grantTypes: v.array(v.picklist(GRANT_TYPES)),
  scopes: v.pipe(
    v.array(v.string()),
    v.description("OpenID scopes (openid, profile, email) and resource scopes (ACEs)"),
  ),
  tokenEndpointAuthMethod: v.picklist(AUTH_METHODS),
  backchannelLogoutUri: v.nullable(
    v.pipe(
      v.string(),
      v.description("Where logout tokens are POSTed (OpenID Connect Back-Channel Logout); null = none"),
    ),
  ),
  backchannelLogoutSessionRequired: v.boolean(),
  roles,
  accessAttributes,
  type: v.pipe(
    v.picklist(["service_account", "interactive"]),
    v.description("service_account: no redirect URIs and only client_credentials"),
  ),
  isSystem: v.pipe(v.boolean(), v.description("Built in and read-only")),
  suspendedAt: instantOrNull("When suspended", "active"),
  createdAt: instant("When created"),
  etag,
};

/** A client as every client route answers it (read-model/views.ts `clientView`): properties flat. Never a secret. */
export const ClientResponse = v.object(clientEntries);

/**
 * `POST /iam/clients` (routes/admin-clients.ts): the client, plus the RFC 7591-style names
 * of the same values and its first secret, shown once. `Cache-Control: no-store`.
 */
export const RegisteredClientResponse = v.object({
  ...clientEntries,
  client_id: v.pipe(v.string(), v.description("The same as id")),
  client_secret: v.nullable(
    v.pipe(
      v.string(),
      v.description(
        'The client\'s first secret (described "initial"), shown only in this answer; null for a ' +
          "public client (token_endpoint_auth_method none)",
      ),
    ),
  ),
  client_name: v.pipe(v.string(), v.description("The same as name")),
  redirect_uris: v.pipe(v.array(v.string()), v.description("The same as redirectUris")),
  grant_types: v.pipe(v.array(v.picklist(GRANT_TYPES)), v.description("The same as grantTypes")),
  token_endpoint_auth_method: v.pipe(v.picklist(AUTH_METHODS), v.description("The same as tokenEndpointAuthMethod")),
  scope: v.pipe(v.string(), v.description("scopes, space-separated")),
  backchannel_logout_uri: v.nullable(v.pipe(v.string(), v.description("The same as backchannelLogoutUri"))),
  backchannel_logout_session_required: v.pipe(
    v.boolean(),
    v.description("The same as backchannelLogoutSessionRequired"),
  ),
});

const secretEntries = {
  id: v.pipe(v.string(), v.description("UUID; DELETE …/secrets/{secretId} removes it")),
  description: v.string(),
  createdAt: instant("When created"),
  expiresAt: instantOrNull("When it expires", "never"),
  lastUsedAt: instantOrNull("Last client authentication with it, to the minute", "never used"),
};

/** One client secret as listed (client/secrets.ts `ClientSecretView`): metadata only, never the secret or its hash. */
export const ClientSecretResponse = v.object(secretEntries);

/** `GET /resources/iam/clients/{id}/secrets`: a plain array, not a paginated list. */
export const ClientSecretsResponse = v.array(ClientSecretResponse);

/**
 * `POST /resources/iam/clients/{id}/secrets` (201): the record with the secret itself, shown once. `Cache-Control:
 * no-store`.
 */
export const CreatedClientSecretResponse = v.object({
  ...secretEntries,
  secret: v.pipe(
    v.string(),
    v.description("The secret (256 bits, base64url), shown only in this answer; only its hash is kept"),
  ),
});

/** A role as every role route answers it (read-model/views.ts `roleView`). */
export const RoleResponse = v.object({
  key: v.pipe(v.string(), v.description("namespace:capability; the system: namespace is built in")),
  description: v.string(),
  acl: Acl,
  isSystem: v.pipe(v.boolean(), v.description("Built in and read-only")),
  createdAt: instant("When created"),
  etag,
});

const meEntries = {
  id: v.pipe(v.string(), v.description("The principal's or client's id")),
  roles,
  scope: v.pipe(v.array(v.string()), v.description("The token's effective scope, as ACE strings")),
  isOwner: v.pipe(v.boolean(), v.description("Holds system:owner (and the token's scope does not narrow it)")),
  accessAttributes,
  sessionId: v.pipe(v.string(), v.description("The session of the token making the request")),
  passwordChangeRequired: v.pipe(
    v.boolean(),
    v.description("A temporary password must be changed (POST /resources/me/password) before anything else"),
  ),
};

/**
 * `GET /resources/me` (routes/me.ts): the caller, with its principal or client record (null
 * only if the identity vanished during the request), roles, effective scope and session id.
 */
export const MeResponse = v.variant("kind", [
  v.object({ kind: v.literal("principal"), principal: v.nullable(PrincipalResponse), client: v.null(), ...meEntries }),
  v.object({ kind: v.literal("client"), principal: v.null(), client: v.nullable(ClientResponse), ...meEntries }),
]);

type IamEventType = keyof typeof iamEventSchemas;

/**
 * One item of a journal (@platform/http journal.ts): an event of the identity's stream, its data as
 * schemas/events/iam.json says.
 */
const journalEvent = (types: readonly IamEventType[]) =>
  journalEntriesSchema(Object.fromEntries(types.map((type) => [type, iamEventSchemas[type] as v.GenericSchema])));

/** An item of `GET /resources/iam/principals/{id}/journal`. */
export const PrincipalJournalEvent = journalEvent(principalEventTypes);
/** An item of `GET /resources/iam/clients/{id}/journal`. */
export const ClientJournalEvent = journalEvent(clientEventTypes);
/** An item of `GET /resources/iam/roles/{key}/journal`. */
export const RoleJournalEvent = journalEvent(roleEventTypes);
