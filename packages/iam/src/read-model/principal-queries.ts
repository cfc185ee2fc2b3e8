import { sql } from "kysely";
import { createBatchLoader } from "@platform/db";
import type { Database } from "@platform/db";
import { attributeConditions, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import { containsPattern, isoSortKey } from "./list-filters.ts";
import { principalView } from "./views.ts";
import type { PrincipalView } from "./views.ts";

export const PRINCIPAL_SORTS: Readonly<Record<string, string>> = {
  name: "lower(p.name)",
  email: "p.email_lower",
  lastActiveAt: isoSortKey("a.last_active_at"),
  suspendedAt: isoSortKey("p.suspended_at"),
};

export type PrincipalListQuery = {
  readonly search?: string | undefined;
  /** Any of these roles. */
  readonly roles: readonly string[];
  readonly rolePrefix?: string | undefined;
  readonly includeSuspended: boolean;
  readonly sortSql: string;
  readonly direction: "asc" | "desc";
  /** The caller's access attributes (ABAC). */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};

const base = (db: Database) =>
  db.kysely.selectFrom("iam_principals as p").leftJoin("iam_activity as a", "a.subject_id", "p.id");

type PrincipalRow = Parameters<typeof principalView>[0];

/** Per database: the principal reads of requests arriving together go as one query. */
const loaders = new WeakMap<Database, (id: string) => Promise<PrincipalRow | undefined>>();
const loaderOf = (db: Database) => {
  let load = loaders.get(db);
  if (!load) {
    load = createBatchLoader(async (ids: readonly string[]) => {
      const { rows } = await db.pool.query<PrincipalRow>(
        "SELECT p.*, a.last_active_at FROM iam_principals p LEFT JOIN iam_activity a ON " +
          "a.subject_id = p.id WHERE p.id = ANY($1::text[])",
        [ids],
      );
      return new Map(rows.map((r) => [String(r.id), r]));
    });
    loaders.set(db, load);
  }
  return load;
};

/**
 * One principal by id: hand-written so it runs as a prepared statement (the hottest read), batched with its neighbours.
 */
export const getPrincipal = async (db: Database, id: string): Promise<PrincipalView | null> => {
  const row = await loaderOf(db)(id);
  return row ? principalView(row) : null;
};

/** What OpenID Connect may tell a client about a principal (userinfo, id_token), or null. */
export type PrincipalClaims = {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly picture: string | null;
  readonly updatedAt: Date;
};

export const getPrincipalClaims = async (db: Database, id: string): Promise<PrincipalClaims | null> => {
  const { rows } = await db.pool.query<{
    name: string;
    email: string;
    phone: string | null;
    picture: string | null;
    updated_at: Date | string | null;
    created_at: Date | string;
  }>(
    "SELECT name, email, phone, picture, updated_at, created_at FROM iam_principals WHERE id = " +
      "$1 AND suspended_at IS NULL",
    [id],
  );
  const r = rows[0];
  return r
    ? {
        name: r.name,
        email: r.email,
        phone: r.phone,
        picture: r.picture,
        updatedAt: new Date(r.updated_at ?? r.created_at),
      }
    : null;
};

export const listPrincipals = async (db: Database, q: PrincipalListQuery, page: PageRequest) => {
  let query = base(db)
    .selectAll("p")
    .select(["a.last_active_at", sql.raw(q.sortSql).as("sort_key")]);
  if (!q.includeSuspended) query = query.where("p.suspended_at", "is", null);
  if (q.search) {
    const pattern = containsPattern(q.search);
    query = query.where(sql<boolean>`(p.name ILIKE ${pattern} OR p.email ILIKE ${pattern})`);
  }
  if (q.roles.length > 0)
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.roles) r(k)
        WHERE r.k IN (${sql.join(q.roles.map((r) => sql`${r}::text`))}))`,
    );
  if (q.rolePrefix)
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.roles) r(k)
        WHERE starts_with(r.k, ${q.rolePrefix}::text))`,
    );
  for (const cond of attributeConditions("p.access_attributes", q.attributes)) query = query.where(cond);
  return keysetPage(
    query,
    page,
    { sortSql: q.sortSql, sortField: "sort_key", idSql: "p.id", idField: "id", direction: q.direction },
    "principals",
    principalView,
  );
};
