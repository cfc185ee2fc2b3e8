import { sql } from "kysely";
import { jsonColumn } from "@platform/db";
import type { Kysely, RawBuilder } from "kysely";
import type { AnyDB, Database } from "@platform/db";
import { DomainError } from "@platform/kernel";
import type { GraphField } from "@platform/host";
import { CAST } from "../filter/compile.ts";
import { encodeGraphCursor } from "./cursor.ts";
import type { Plan } from "./plan.ts";

export type EdgeAnswer = {
  readonly nodes: readonly Record<string, unknown>[];
  readonly count?: number;
  readonly countEstimated?: boolean;
  readonly lastCursor: string | null;
};

const identity = (v: unknown) => v ?? null;
const CONVERT: Readonly<Record<GraphField["type"], (v: unknown) => unknown>> = {
  text: identity,
  boolean: identity,
  number: (v) => (v == null ? null : Number(v)),
  instant: (v) => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString()),
  json: (v) => jsonColumn(v, null),
  textList: (v) => jsonColumn(v, null),
};

/** Rows as nodes: instants as ISO strings, numbers as numbers, JSON parsed; one pass, no per-value allocation. */
const nodesOf = (plan: Plan, rows: readonly Record<string, unknown>[]): Record<string, unknown>[] => {
  const names = plan.select.map(([name]) => name);
  const columns = names.map((_, i) => `c${i}`);
  const convert = plan.select.map(([, f]) => CONVERT[f.type]);
  // A custom field named __proto__ would be a prototype on assignment; such a page takes the slow, safe path.
  if (names.includes("__proto__"))
    return rows.map((r) => Object.fromEntries(names.map((name, i) => [name, convert[i]!(r[columns[i]!])])));
  return rows.map((r) => {
    const node: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) node[names[i]!] = convert[i]!(r[columns[i]!]);
    return node;
  });
};

/** The order key as selected for cursors: instants as text with microseconds (a Date would drop them). */
const orderKeySql = (field: GraphField) =>
  field.type === "instant"
    ? sql`to_char(${sql.raw(field.sql)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql.raw(field.sql);

/** The order's expression: text by code point (as the filter compares it), whatever the database's collation. */
const orderSql = (field: GraphField) =>
  field.type === "text" ? sql`${sql.raw(field.sql)} COLLATE "C"` : sql.raw(field.sql);

/** Rows after the cursor in the plan's order (nulls last in either direction). */
const afterCondition = (plan: Plan): RawBuilder<boolean> | null => {
  if (!plan.after) return null;
  const { field, direction } = plan.order;
  const o = orderSql(field);
  const id = sql.raw(plan.entry.id.sql);
  const cmp = sql.raw(direction === "asc" ? ">" : "<");
  const cursorId = sql`${plan.after.id}::text`;
  if (plan.after.value === null) return sql<boolean>`(${o} IS NULL AND ${id} ${cmp} ${cursorId})`;
  const value = sql`${plan.after.value}::${sql.raw(CAST[field.type]!)}`;
  const past = sql<boolean>`(${o}, ${id}) ${cmp} (${value}, ${cursorId})`;
  return field.nullable ? sql<boolean>`(${o} IS NULL OR ${past})` : past;
};

const whereOf = (conditions: readonly RawBuilder<boolean>[]) =>
  conditions.length ? sql`WHERE ${sql.join(conditions, sql.raw(" AND "))}` : sql``;

/**
 * The planner's estimate of the rows a plan's filter matches (EXPLAIN: nothing runs), at least
 * `floor` (more rows than that were seen).
 */
const estimatedCount = async (conn: Kysely<AnyDB>, plan: Plan, floor: number): Promise<number> => {
  const from = sql.raw(`${plan.entry.edge.from} AS t`);
  const { rows } = await sql<{
    "QUERY PLAN": unknown;
  }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from} ${whereOf(plan.where)}`.execute(conn);
  const raw = rows[0]?.["QUERY PLAN"];
  const parsed = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }];
  return Math.max(floor, Math.round(parsed[0].Plan["Plan Rows"]));
};

const runPlan = async (conn: Kysely<AnyDB>, plan: Plan, exactCountMax: number): Promise<EdgeAnswer> => {
  const from = sql.raw(`${plan.entry.edge.from} AS t`);
  const after = afterCondition(plan);
  const { field, direction } = plan.order;
  const dir = sql.raw(direction === "asc" ? "ASC" : "DESC");
  const nullsLast = field.nullable ? sql`${sql.raw(field.sql)} IS NULL, ` : sql``;
  const columns = sql.join([
    ...plan.select.map(([, f], i) => sql`${sql.raw(f.sql)} AS ${sql.id(`c${i}`)}`),
    sql`${orderKeySql(field)} AS "o__key"`,
    sql`${sql.raw(plan.entry.id.sql)} AS "o__id"`,
  ]);
  const orderBy = sql`ORDER BY ${nullsLast}${orderSql(field)} ${dir}, ${sql.raw(plan.entry.id.sql)} ${dir}`;
  // The page's rows are chosen first and their fields computed after: a sort under the LIMIT
  // would otherwise compute every field (to_char, jsonb_build_object, …) of every match.
  const pageWhere = whereOf(after ? [...plan.where, after] : plan.where);
  const page = sql`SELECT ${columns}
    FROM (SELECT t.* FROM ${from} ${pageWhere} ${orderBy} LIMIT ${plan.limit}) AS t ${orderBy}`;
  // With a count, one statement answers both: the count row always, the page's rows beside it.
  // The count stops one row past the exact maximum; beyond it the planner estimates.
  const statement = plan.count
    ? sql<Record<string, unknown>>`SELECT c.n AS "o__count", r.* FROM (
          SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${whereOf(plan.where)} LIMIT ${exactCountMax + 1}) AS m
        ) AS c
        LEFT JOIN LATERAL (${page}) AS r ON true`
    : sql<Record<string, unknown>>`${page}`;
  const { rows: all } = await statement.execute(conn);
  const rows = all.filter((r) => r.o__id != null);
  const nodes = nodesOf(plan, rows);
  const last = rows.at(-1);
  const lastCursor = last ? encodeGraphCursor(plan.order, last.o__key, String(last.o__id)) : null;
  if (!plan.count) return { nodes, lastCursor };
  const counted = Number(all[0]?.o__count ?? 0);
  if (counted <= exactCountMax) return { nodes, count: counted, countEstimated: false, lastCursor };
  return { nodes, count: await estimatedCount(conn, plan, counted), countEstimated: true, lastCursor };
};

const tooExpensive = (ms: number) =>
  new DomainError("QUERY_TOO_EXPENSIVE", `The graph query ran past ${ms} ms; narrow its filter or lower its limit`);

/** Runs a request's plans over one snapshot; `close` releases what it holds. */
export type SnapshotRunner = {
  run(plans: readonly Plan[]): Promise<Record<string, EdgeAnswer>>;
  close(): Promise<void>;
};

/** Plans in one REPEATABLE READ transaction on one connection (several plans see one snapshot). */
const inSnapshot = (kysely: Kysely<AnyDB>, plans: readonly Plan[], exactCountMax: number) =>
  kysely.connection().execute(async (conn) => {
    await sql.raw("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY").execute(conn);
    try {
      const out: [string, EdgeAnswer][] = [];
      for (const plan of plans) out.push([plan.alias, await runPlan(conn, plan, exactCountMax)]);
      await sql.raw("COMMIT").execute(conn);
      return out;
    } catch (e) {
      await sql
        .raw("ROLLBACK")
        .execute(conn)
        .catch(() => undefined);
      throw e;
    }
  });

/**
 * Runs every plan of a request over one snapshot under a statement timeout, so a costly query
 * answers 400 QUERY_TOO_EXPENSIVE instead of holding a connection.
 *
 * On PostgreSQL the graph has its own small pool whose sessions start read-only with
 * `statement_timeout` set: a single query is one statement (a statement is its own snapshot),
 * several run in one REPEATABLE READ transaction. PGlite cannot interrupt a statement (it runs
 * inside this process's wasm); there the plans run in one transaction and the answer is still
 * 400 once they took longer than the timeout.
 */
export const createSnapshotRunner = (db: Database, timeoutMs: number, exactCountMax: number): SnapshotRunner => {
  const side = db.sessionPool?.(
    { statement_timeout: String(Math.trunc(timeoutMs)), default_transaction_read_only: "on" },
    10,
  );
  const runAll = async (plans: readonly Plan[]): Promise<[string, EdgeAnswer][]> => {
    if (side && plans.length === 1) return [[plans[0]!.alias, await runPlan(side, plans[0]!, exactCountMax)]];
    if (side) return inSnapshot(side, plans, exactCountMax);
    const started = performance.now();
    const out = await inSnapshot(db.kysely, plans, exactCountMax);
    if (performance.now() - started > timeoutMs) throw tooExpensive(timeoutMs);
    return out;
  };
  return {
    run: async (plans) => {
      try {
        // fromEntries defines own properties: an alias such as `__proto__` stays a plain key.
        return Object.fromEntries(await runAll(plans));
      } catch (e) {
        if ((e as { code?: unknown }).code === "57014") throw tooExpensive(timeoutMs);
        throw e;
      }
    },
    close: async () => {
      await side?.destroy();
    },
  };
};
