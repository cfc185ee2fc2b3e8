import type { GraphEdge } from "@platform/host";

/**
 * IAM's graph edges (packages/graph): `principals`, `clients`, and `identity` (Shape A: both
 * kinds in one list). Access attributes narrow them as the identity lists do: a restricted
 * caller sees the identities sharing one of its values.
 */
const access = { kind: "sets", column: "t.access_attributes" } as const;

/** The fields principals, clients and identities share (the same columns in both tables). */
const identityFields = {
  id: { sql: "t.id", type: "text" },
  name: { sql: "t.name", type: "text" },
  roles: { sql: "t.roles", type: "textList" },
  accessAttributes: { sql: "t.access_attributes", type: "json" },
  suspendedAt: { sql: "t.suspended_at", type: "instant", nullable: true },
  createdAt: { sql: "t.created_at", type: "instant" },
} as const;

export const principalsEdge: GraphEdge = {
  edge: "principals",
  node: "principal",
  from: "iam_principals",
  idField: "id",
  defaultOrder: "createdAt desc",
  access,
  customSources: { settings: "settings" },
  fields: {
    ...identityFields,
    email: { sql: "t.email", type: "text" },
    phone: { sql: "t.phone", type: "text", nullable: true },
    picture: { sql: "t.picture", type: "text", nullable: true },
    acl: { sql: "t.acl", type: "textList" },
    settings: { sql: "t.settings", type: "json", restricted: true },
    passwordLogin: { sql: "t.password_login", type: "boolean" },
    passwordExpiresAt: { sql: "t.password_expires_at", type: "instant", nullable: true },
  },
};

export const clientsEdge: GraphEdge = {
  edge: "clients",
  node: "client",
  from: "iam_clients",
  idField: "id",
  defaultOrder: "createdAt desc",
  access,
  fields: {
    ...identityFields,
    description: { sql: "t.description", type: "text" },
    type: { sql: "t.kind", type: "text" },
    isSystem: { sql: "t.is_system", type: "boolean" },
    redirectUris: { sql: "t.redirect_uris", type: "textList" },
    grantTypes: { sql: "t.grant_types", type: "textList" },
    scopes: { sql: "t.scopes", type: "textList" },
    tokenEndpointAuthMethod: { sql: "t.token_endpoint_auth_method", type: "text" },
  },
};

/** Shape A's `identity`: principals and clients together, `type` telling them apart. */
export const identityEdge: GraphEdge = {
  edge: "identity",
  node: "identity",
  from: `(SELECT id, 'principal' AS type, name, email, phone, roles, access_attributes, suspended_at, created_at
   FROM iam_principals
   UNION ALL SELECT id, 'client' AS type, name, NULL AS email, NULL AS phone, roles, access_attributes, suspended_at,
   created_at FROM iam_clients)`,
  idField: "id",
  defaultOrder: "createdAt desc",
  access,
  fields: {
    ...identityFields,
    type: { sql: "t.type", type: "text" },
    email: { sql: "t.email", type: "text", nullable: true },
    phone: { sql: "t.phone", type: "text", nullable: true },
  },
};

export const iamGraphEdges: readonly GraphEdge[] = [principalsEdge, clientsEdge, identityEdge];
