import { sql } from "kysely";
import type { Initiator, Reactor } from "@platform/actor-runtime";
import type { GraphEdge, PlatformDeps } from "@platform/host";
import { graphFieldId, graphFieldKeyOf } from "../field/actor.ts";
import { graphFieldEventTypes } from "../field/events.ts";
import { INDEX_PREFIX, parseSource, valueSql } from "./source.ts";
import type { CustomFieldType } from "./source.ts";

const INDEXER: Initiator = { requestId: "graph-field-indexer" };
const REGISTRY_WAIT_MS = 60_000;

type Wanted = {
  readonly name: string;
  readonly type: CustomFieldType;
  readonly source: string;
  readonly index_name: string;
  readonly index_state: string;
};

/**
 * Builds and drops the expression indexes of a node's custom fields so they match the registry:
 * each field's index is built (`CREATE INDEX CONCURRENTLY` on PostgreSQL, so writes go on; plainly
 * on the embedded engine, which has one connection), the table analysed (the planner then knows
 * how many rows a value matches: estimated counts), and the field's journal told; an index of
 * ours that no field wants, or that a crash left invalid, is dropped. Idempotent: the reactor may
 * see an event twice, or after a restart.
 */
export const createFieldIndexer = ({ db, runtime, followers, graphEdges: edges, log }: PlatformDeps) => {
  const byNode = new Map(edges.map((e) => [e.node, e]));
  const concurrently = sql.raw(db.engine === "postgres" ? "CONCURRENTLY " : "");

  const ourIndexes = async (table: string) => {
    const { rows } = await sql<{ name: string; valid: boolean }>`
      SELECT c.relname AS name, i.indisvalid AS valid
        FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
        JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE t.relname = ${table} AND n.nspname = current_schema() AND starts_with(c.relname, ${INDEX_PREFIX})`.execute(
      db.kysely,
    );
    return rows;
  };

  /**
   * The edge's default order (and id) as index columns when they are plain columns of its table
   * (`created_at DESC, sending_id DESC`): then a page of `field == value` in the default order
   * reads its rows straight off the index instead of walking the whole order and filtering.
   */
  const orderColumns = (edge: GraphEdge): string => {
    const [name = "", dir = "asc"] = edge.defaultOrder.trim().split(/\s+/);
    const order = Object.hasOwn(edge.fields, name) ? edge.fields[name] : undefined;
    const id = edge.fields[edge.idField];
    const column = (sqlText: string | undefined) => /^t\.([a-z_][a-z0-9_]*)$/.exec(sqlText ?? "")?.[1];
    const [o, i] = [column(order?.sql), column(id?.sql)];
    if (!o || !i || order?.nullable || order?.type === "text") return "";
    const d = dir.toLowerCase() === "desc" ? " DESC" : "";
    return `, ${o}${d}, ${i}${d}`;
  };

  const record = (node: string, field: Wanted, error: string | null) =>
    runtime.execute(
      "graph-field",
      graphFieldId(node, field.name),
      [{ type: "recordIndex", indexName: field.index_name, error }],
      INDEXER,
      { existence: "any" },
    );

  const reconcile = async (node: string) => {
    const edge = byNode.get(node);
    if (!edge?.customSources) return;
    const wanted = (
      await sql<Wanted>`SELECT name, type, source, index_name, index_state
        FROM graph_fields WHERE node = ${node}`.execute(db.kysely)
    ).rows;
    const names = new Set(wanted.map((w) => w.index_name));
    const present = new Set<string>();
    const stale: string[] = [];
    for (const index of await ourIndexes(edge.from)) {
      // An invalid index (a build cut short) is dropped before it is built again; a valid one no
      // field wants (a redefined or deleted field's) only after the new ones are there.
      if (!index.valid) await sql`DROP INDEX ${concurrently}IF EXISTS ${sql.id(index.name)}`.execute(db.kysely);
      else if (names.has(index.name)) present.add(index.name);
      else stale.push(index.name);
    }
    const built: Wanted[] = [];
    for (const field of wanted) {
      if (present.has(field.index_name)) {
        if (field.index_state !== "ready") built.push(field);
        continue;
      }
      const parsed = parseSource(edge, field.source);
      if (typeof parsed === "string") continue;
      const started = performance.now();
      try {
        const value = sql.raw(valueSql(parsed.column, parsed.path, field.type));
        await sql`CREATE INDEX ${concurrently}IF NOT EXISTS ${sql.id(field.index_name)}
          ON ${sql.raw(edge.from)} ((${value})${sql.raw(orderColumns(edge))})`.execute(db.kysely);
        log.info(
          { node, field: field.name, index: field.index_name, ms: Math.round(performance.now() - started) },
          "graph field indexed",
        );
        built.push(field);
      } catch (e) {
        // A failed CONCURRENTLY build leaves an invalid index behind: dropped on the next pass.
        log.warn({ node, field: field.name, index: field.index_name, err: e }, "graph field index failed");
        await sql`DROP INDEX ${concurrently}IF EXISTS ${sql.id(field.index_name)}`
          .execute(db.kysely)
          .catch(() => undefined);
        await record(node, field, e instanceof Error ? e.message : String(e));
      }
    }
    if (built.length > 0) {
      // Statistics on the new expressions: estimated counts and plans that know the values.
      await sql`ANALYZE ${sql.raw(edge.from)}`.execute(db.kysely);
      for (const field of built) await record(node, field, null);
    }
    for (const name of stale) await sql`DROP INDEX ${concurrently}IF EXISTS ${sql.id(name)}`.execute(db.kysely);
  };

  const reactor: Reactor = {
    name: "graph-field-indexes",
    eventTypes: graphFieldEventTypes.filter((t) => t !== "GraphFieldIndexed" && t !== "GraphFieldIndexFailed"),
    handle: async (e) => {
      // The registry (graph_fields) is a projection of its own, maybe in another process: read
      // it only once it has reached this event.
      if (!(await followers.waitFor(e.position, REGISTRY_WAIT_MS, graphFieldEventTypes)))
        throw new Error(`The graph field registry has not reached ${e.position} within ${REGISTRY_WAIT_MS} ms`);
      await reconcile(graphFieldKeyOf(e.streamId).node);
    },
  };
  return { reactor, reconcile };
};
