import type { Database } from "@platform/db";
import type { ClientProperties } from "./client/events.ts";
import { clientColumns } from "./read-model/clients-projection.ts";

/**
 * Built-in roles: readable, never writable through the API. `system:owner` bypasses every check (see
 * access/effective.ts).
 */
const SYSTEM_ROLES: Readonly<Record<string, { readonly description: string; readonly acl: readonly string[] }>> = {
  "system:owner": { description: "Full administrative access; bypasses all authorization checks", acl: ["*:*"] },
  "system:portal:full": {
    description: "Full access to the portal and portal-managed resources",
    acl: [
      "iam:*",
      "sendings:*",
      "job-definitions:*",
      "jobs:*",
      "job-queues:*",
      "actors:*",
      "graph:*",
      "apps:*",
      "registry:*",
      "subscriptions:*",
      "me:*",
    ],
  },
};

/**
 * Built-in clients: read-only through the API. The portal is a public (PKCE) interactive
 * client with no configured scopes, so a sign-in through it carries the principal's own
 * permissions, no more (packages/portal).
 */
export const systemClients = (publicUrl: string): Readonly<Record<string, ClientProperties>> => ({
  portal: {
    name: "Portal",
    description: "The built-in administration portal",
    redirectUris: [`${publicUrl}/portal/callback`],
    grantTypes: ["authorization_code", "refresh_token"],
    scopes: [],
    tokenEndpointAuthMethod: "none",
  },
});

/** Role keys compare without regard to case, so `SYSTEM:owner` is as reserved as `system:owner`. */
export const isSystemRoleKey = (key: string) => key.toLowerCase().startsWith("system:");

/** Writes the built-ins into the read models (idempotent; they are not event-sourced). */
export const installSystemRecords = async (db: Database, publicUrl: string) => {
  const epoch = "1970-01-01T00:00:00.000Z";
  for (const [key, r] of Object.entries(SYSTEM_ROLES)) {
    const row = {
      key,
      version: 1,
      description: r.description,
      acl: JSON.stringify(r.acl),
      is_system: true,
      created_at: epoch,
    };
    await db.kysely
      .insertInto("iam_roles")
      .values(row)
      .onConflict((oc) => oc.column("key").doUpdateSet(row))
      .execute();
  }
  for (const [id, p] of Object.entries(systemClients(publicUrl))) {
    const row = {
      id,
      version: 1,
      ...clientColumns(p),
      roles: "[]",
      is_system: true,
      created_at: epoch,
      suspended_at: null,
    };
    await db.kysely
      .insertInto("iam_clients")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
  }
};
