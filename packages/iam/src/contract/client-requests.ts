import * as v from "valibot";
import { objectBody } from "@platform/http";
import { ClientInputSchema } from "../client/properties.ts";
import { AccessAttributesSchema, RolesSchema } from "./requests.ts";

/** `PUT /resources/iam/clients/{id}` (also what schemas/openapi.json publishes). */
export const ClientPutSchema = v.strictObject({
  properties: v.strictObject({
    name: ClientInputSchema.name,
    description: v.optional(ClientInputSchema.description),
    redirectUris: v.optional(ClientInputSchema.redirectUris),
    grantTypes: v.optional(ClientInputSchema.grantTypes),
    scopes: v.optional(ClientInputSchema.scopes),
    tokenEndpointAuthMethod: v.optional(ClientInputSchema.tokenEndpointAuthMethod),
    backchannelLogoutUri: v.optional(ClientInputSchema.backchannelLogoutUri),
    backchannelLogoutSessionRequired: v.optional(ClientInputSchema.backchannelLogoutSessionRequired),
  }),
  roles: v.optional(RolesSchema),
  /** Only a caller without access attributes may set them; a restricted caller's clients inherit its own. */
  accessAttributes: v.optional(AccessAttributesSchema),
});

/** `PATCH /resources/iam/clients/{id}`: the properties to change, flat. */
export const ClientPatchSchema = objectBody({
  name: v.optional(ClientInputSchema.name),
  description: v.optional(ClientInputSchema.description),
  redirectUris: v.optional(ClientInputSchema.redirectUris),
  grantTypes: v.optional(ClientInputSchema.grantTypes),
  scopes: v.optional(ClientInputSchema.scopes),
  tokenEndpointAuthMethod: v.optional(ClientInputSchema.tokenEndpointAuthMethod),
  backchannelLogoutUri: v.optional(ClientInputSchema.backchannelLogoutUri),
  backchannelLogoutSessionRequired: v.optional(ClientInputSchema.backchannelLogoutSessionRequired),
});

/** `POST /resources/iam/clients/{id}/secrets`. */
export const ClientSecretCreateSchema = objectBody({
  description: v.optional(v.pipe(v.string(), v.maxLength(200, "must be at most 200 characters")), ""),
  expiresAt: v.optional(
    v.nullable(
      v.pipe(
        v.string(),
        v.isoTimestamp("must be an ISO 8601 timestamp with a time zone"),
        v.check((s) => new Date(s).getTime() > Date.now(), "must be in the future"),
        v.description("In the future"),
      ),
    ),
  ),
});

/** `POST /iam/clients`: RFC 7591-style names, as the spec shows them. */
export const AdminClientSchema = v.strictObject({
  name: ClientInputSchema.name,
  redirect_uris: v.optional(ClientInputSchema.redirectUris),
  grant_types: v.optional(ClientInputSchema.grantTypes),
  scope: v.optional(v.pipe(v.string(), v.maxLength(4000), v.description("Space-separated scopes"))),
  description: v.optional(ClientInputSchema.description),
  token_endpoint_auth_method: v.optional(ClientInputSchema.tokenEndpointAuthMethod),
  backchannel_logout_uri: v.optional(ClientInputSchema.backchannelLogoutUri),
  backchannel_logout_session_required: v.optional(ClientInputSchema.backchannelLogoutSessionRequired),
});
