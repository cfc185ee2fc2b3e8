import { parseAce } from "@platform/kernel";
import type { Database } from "@platform/db";
import { identityGrantsOf } from "./effective.ts";
import type { IdentityGrants } from "./effective.ts";

export type SubjectKind = "principal" | "client";
export type Subject = { readonly kind: SubjectKind; readonly id: string };

/** What authorization needs to know about an identity, read in one query. */
export type LoadedIdentity = {
  readonly kind: SubjectKind;
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  readonly roles: readonly string[];
  readonly accessAttributes: Readonly<Record<string, readonly string[]>>;
  readonly suspended: boolean;
  readonly grants: IdentityGrants;
};

const parseJson = <T>(v: unknown, fallback: T): T => (v == null ? fallback : typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

/** The ACEs of every role the identity holds, gathered in the same statement. */
const ROLE_ACLS = `(SELECT coalesce(jsonb_agg(jsonb_build_object('key', r.key, 'acl', r.acl)), '[]'::jsonb) FROM iam_roles r WHERE r.key IN (SELECT jsonb_array_elements_text(t.roles))) AS role_acls`;

const QUERIES: Record<SubjectKind, string> = {
  principal: `SELECT t.id, t.name, t.email, t.roles, t.acl, t.access_attributes, t.suspended_at, ${ROLE_ACLS} FROM iam_principals t WHERE t.id = $1`,
  // A client's configured resource scopes act as its own ACL; OIDC scopes (openid, profile, email) parse as no ACE and grant nothing.
  client: `SELECT t.id, t.name, NULL AS email, t.roles, t.scopes AS acl, '{}'::jsonb AS access_attributes, t.suspended_at, ${ROLE_ACLS} FROM iam_clients t WHERE t.id = $1`,
};

type Row = { id: string; name: string; email: string | null; roles: unknown; acl: unknown; access_attributes: unknown; suspended_at: unknown; role_acls: unknown };

/** Loads an identity with its effective identity-side grants; null when it does not exist. */
export const loadIdentity = async (db: Database, subject: Subject): Promise<LoadedIdentity | null> => {
  const { rows } = await db.pool.query<Row>(QUERIES[subject.kind], [subject.id]);
  const row = rows[0];
  if (!row) return null;
  const roles = parseJson<string[]>(row.roles, []);
  const acl = parseJson<string[]>(row.acl, []).filter((a) => parseAce(a) !== undefined);
  const roleAcls = new Map(parseJson<{ key: string; acl: string[] }[]>(row.role_acls, []).map((r) => [r.key, parseJson<string[]>(r.acl, [])]));
  return {
    kind: subject.kind,
    id: row.id,
    name: row.name,
    email: row.email,
    roles,
    accessAttributes: parseJson(row.access_attributes, {}),
    suspended: row.suspended_at != null,
    grants: identityGrantsOf(roles, acl, (k) => roleAcls.get(k)),
  };
};
