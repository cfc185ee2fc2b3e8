import { sql } from "kysely";
import { rowByKey } from "@platform/db";
import type { Database } from "@platform/db";
import { attributeConditions, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import { containsPattern, isoSortKey } from "./list-filters.ts";
import { clientView, roleView } from "./views.ts";
import type { ClientView, RoleView } from "./views.ts";

export const CLIENT_SORTS: Readonly<Record<string, string>> = {
  name: "lower(c.name)",
  createdAt: isoSortKey("c.created_at"),
};

type ClientListQuery = {
  readonly search?: string | undefined;
  readonly type?: "service_account" | "interactive" | undefined;
  readonly includeSuspended: boolean;
  readonly sortSql: string;
  readonly direction: "asc" | "desc";
  /** The caller's access attributes (ABAC): only clients sharing a value are listed. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};

export const getClient = async (db: Database, id: string): Promise<ClientView | null> => {
  const row = await rowByKey<Parameters<typeof clientView>[0]>(db.kysely, "iam_clients", "id", id);
  return row ? clientView(row) : null;
};

export const listClients = async (db: Database, q: ClientListQuery, page: PageRequest) => {
  let query = db.kysely.selectFrom("iam_clients as c").selectAll("c").select(sql.raw(q.sortSql).as("sort_key"));
  if (!q.includeSuspended) query = query.where("c.suspended_at", "is", null);
  if (q.search) query = query.where(sql<boolean>`c.name ILIKE ${containsPattern(q.search)}`);
  if (q.type) query = query.where("c.kind", "=", q.type);
  for (const cond of attributeConditions("c.access_attributes", q.attributes)) query = query.where(cond);
  return keysetPage(
    query,
    page,
    { sortSql: q.sortSql, sortField: "sort_key", idSql: "c.id", idField: "id", direction: q.direction },
    "clients",
    clientView,
  );
};

export const getRole = async (db: Database, key: string): Promise<RoleView | null> => {
  const row = await rowByKey<Parameters<typeof roleView>[0]>(db.kysely, "iam_roles", "key", key);
  return row ? roleView(row) : null;
};

export const listRoles = async (
  db: Database,
  q: { readonly search?: string | undefined; readonly prefix?: string | undefined },
  page: PageRequest,
) => {
  let query = db.kysely.selectFrom("iam_roles as r").selectAll("r");
  if (q.search)
    query = query.where(
      sql<boolean>`(r.key ILIKE ${containsPattern(q.search)} OR r.description ILIKE ${containsPattern(q.search)})`,
    );
  if (q.prefix) query = query.where(sql<boolean>`starts_with(r.key, ${q.prefix}::text)`);
  return keysetPage(
    query,
    page,
    { sortSql: "r.key", sortField: "key", idSql: "r.key", idField: "key", direction: "asc" },
    "roles",
    roleView,
  );
};

/** The ACE lists of the given roles; keys that name no role are reported as unknown. */
export const resolveRoles = async (
  db: Database,
  keys: readonly string[],
): Promise<{ unknown: string[]; aces: Map<string, string[]> }> => {
  const aces = new Map<string, string[]>();
  if (keys.length > 0) {
    const rows = await db.kysely
      .selectFrom("iam_roles")
      .select(["key", "acl"])
      .where("key", "in", [...keys])
      .execute();
    for (const r of rows)
      aces.set(String(r.key), typeof r.acl === "string" ? (JSON.parse(r.acl) as string[]) : (r.acl as string[]));
  }
  return { unknown: keys.filter((k) => !aces.has(k)), aces };
};
