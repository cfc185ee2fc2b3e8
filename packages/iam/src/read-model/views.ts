import { etagValue } from "@platform/http";
import { acesToAcl } from "../access/acl.ts";

type Row = Record<string, unknown>;
export const iso = (v: unknown): string | null =>
  v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
export const json = <T>(v: unknown, fallback: T): T =>
  v == null ? fallback : typeof v === "string" ? (JSON.parse(v) as T) : (v as T);

/** A principal as GET returns it: properties flat next to roles, acl and the rest. */
export const principalView = (r: Row) => ({
  id: String(r.id),
  name: String(r.name),
  email: String(r.email),
  phone: (r.phone as string | null) ?? null,
  picture: (r.picture as string | null) ?? null,
  settings: json<Record<string, unknown>>(r.settings, {}),
  roles: json<string[]>(r.roles, []),
  acl: acesToAcl(json<string[]>(r.acl, [])),
  accessAttributes: json<Record<string, string[]>>(r.access_attributes, {}),
  suspendedAt: iso(r.suspended_at),
  lastActiveAt: iso(r.last_active_at),
  createdAt: iso(r.created_at),
  passwordLogin: r.password_login === true,
  passwordExpiresAt: iso(r.password_expires_at),
  etag: etagValue(Number(r.version)),
});
export type PrincipalView = ReturnType<typeof principalView>;

/** A client as GET returns it, properties flat. `type` is service_account or interactive. */
export const clientView = (r: Row) => ({
  id: String(r.id),
  name: String(r.name),
  description: String(r.description ?? ""),
  redirectUris: json<string[]>(r.redirect_uris, []),
  grantTypes: json<string[]>(r.grant_types, []),
  scopes: json<string[]>(r.scopes, []),
  tokenEndpointAuthMethod: String(r.token_endpoint_auth_method),
  backchannelLogoutUri: (r.backchannel_logout_uri as string | null | undefined) ?? null,
  backchannelLogoutSessionRequired: r.backchannel_logout_session_required === true,
  roles: json<string[]>(r.roles, []),
  accessAttributes: json<Record<string, string[]>>(r.access_attributes, {}),
  type: String(r.kind),
  isSystem: r.is_system === true,
  suspendedAt: iso(r.suspended_at),
  createdAt: iso(r.created_at),
  etag: etagValue(Number(r.version)),
});
export type ClientView = ReturnType<typeof clientView>;

export const roleView = (r: Row) => ({
  key: String(r.key),
  description: String(r.description ?? ""),
  acl: acesToAcl(json<string[]>(r.acl, [])),
  isSystem: r.is_system === true,
  createdAt: iso(r.created_at),
  etag: etagValue(Number(r.version)),
});
export type RoleView = ReturnType<typeof roleView>;
