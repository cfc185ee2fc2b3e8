import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { etagValue, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import type { CustomFieldSpec } from "../custom/source.ts";
import type { IndexState } from "../field/state.ts";

type GraphFieldRow = {
  readonly node: string;
  readonly name: string;
  readonly type: CustomFieldSpec["type"];
  readonly source: string;
  readonly index_name: string;
  readonly index_state: IndexState;
  readonly index_error: string | null;
  readonly version: number;
  readonly created_at: Date | string;
  readonly updated_at: Date | string;
};

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** A registered field as the registry answers it (`spec.value` as written; `status`: its index). */
export const fieldView = (r: GraphFieldRow) => ({
  node: r.node,
  name: r.name,
  spec: { value: { type: r.type, source: r.source } },
  status: { index: r.index_state, indexName: r.index_name, error: r.index_error },
  version: r.version,
  etag: etagValue(r.version),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});
type GraphFieldView = ReturnType<typeof fieldView>;

export const findField = async (db: Kysely<AnyDB>, node: string, name: string): Promise<GraphFieldRow | undefined> =>
  (await db
    .selectFrom("graph_fields")
    .selectAll()
    .where("node", "=", node)
    .where("name", "=", name)
    .executeTakeFirst()) as GraphFieldRow | undefined;

/** Every registered field of every node: what the graph plans queries with. */
export const allFields = async (db: Kysely<AnyDB>): Promise<GraphFieldRow[]> =>
  (await db.selectFrom("graph_fields").selectAll().execute()) as GraphFieldRow[];

/** GET /resources/registry/graph/<node>/fields: by name, the contract's list envelope (key `fields`). */
export const listFields = (db: Kysely<AnyDB>, node: string, page: PageRequest) =>
  keysetPage(
    db.selectFrom("graph_fields").selectAll().where("node", "=", node),
    page,
    { sortSql: "name", sortField: "name", idSql: "name", idField: "name", direction: "asc" },
    "fields",
    (r) => fieldView(r as GraphFieldRow),
  ) as Promise<{ fields: GraphFieldView[]; totalCount: number; firstCursor: string | null; lastCursor: string | null }>;
