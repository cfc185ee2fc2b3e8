import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type { AnyDB, Database } from "@platform/db";
import { DomainError } from "@platform/kernel";
import type { GraphField } from "@platform/platform";
import { encodeGraphCursor } from "./cursor.ts";
import type { Plan } from "./plan.ts";

export type EdgeAnswer = { readonly nodes: readonly Record<string, unknown>[]; readonly count?: number; readonly lastCursor: string | null };

const CAST: Readonly<Record<string, string>> = { text: "text", number: "numeric", boolean: "boolean", instant: "timestamptz" };

/** A value as the API shows it: instants as ISO strings, numbers as numbers, JSON parsed. */
const present = (field: GraphField, v: unknown): unknown => {
  if (v === null || v === undefined) return null;
  switch (field.type) {
    case "instant":
      return (v instanceof Date ? v : new Date(String(v))).toISOString();
    case "number":
      return Number(v);
    case "json":
    case "textList":
      return typeof v === "string" ? JSON.parse(v) : v;
    default:
      return v;
  }
};

/** The order key as selected for cursors: instants as text with microseconds (a Date would drop them). */
const orderKeySql = (field: GraphField) =>
  field.type === "instant" ? sql`to_char(${sql.raw(field.sql)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql.raw(field.sql);

/** The order's expression: text by code point (as the filter compares it), whatever the database's collation. */
const orderSql = (field: GraphField) => (field.type === "text" ? sql`${sql.raw(field.sql)} COLLATE "C"` : sql.raw(field.sql));

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

const whereOf = (conditions: readonly RawBuilder<boolean>[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql.raw(" AND "))}` : sql``);

const runPlan = async (conn: Kysely<AnyDB>, plan: Plan): Promise<EdgeAnswer> => {
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
  const page = sql`SELECT ${columns} FROM ${from} ${whereOf(after ? [...plan.where, after] : plan.where)}
    ORDER BY ${nullsLast}${orderSql(field)} ${dir}, ${sql.raw(plan.entry.id.sql)} ${dir} LIMIT ${plan.limit}`;
  // With a count, one statement answers both: the count row always, the page's rows beside it.
  const statement = plan.count
    ? sql<Record<string, unknown>>`SELECT c.n AS "o__count", r.* FROM (SELECT count(*)::int AS n FROM ${from} ${whereOf(plan.where)}) AS c
        LEFT JOIN LATERAL (${page}) AS r ON true`
    : sql<Record<string, unknown>>`${page}`;
  const { rows: all } = await statement.execute(conn);
  const rows = all.filter((r) => r.o__id !== null && r.o__id !== undefined);
  const nodes = rows.map((r) => Object.fromEntries(plan.select.map(([name, f], i) => [name, present(f, r[`c${i}`])])));
  const last = rows.at(-1);
  const answer = { nodes, lastCursor: last ? encodeGraphCursor(plan.order, last.o__key, String(last.o__id)) : null };
  return plan.count ? { ...answer, count: Number(all[0]?.o__count ?? 0) } : answer;
};

const tooExpensive = (ms: number) => new DomainError("QUERY_TOO_EXPENSIVE", `The graph query ran past ${ms} ms; narrow its filter or lower its limit`);

/**
 * Runs every plan of a request over one snapshot (a read-only REPEATABLE READ transaction)
 * under a statement timeout, so a costly query answers 400 QUERY_TOO_EXPENSIVE instead of
 * holding a connection. PGlite cannot interrupt a statement (it runs inside this process's
 * wasm); there the answer is still 400 once the snapshot took longer than the timeout.
 */
export const runSnapshot = async (db: Database, timeoutMs: number, plans: readonly Plan[]): Promise<Record<string, EdgeAnswer>> => {
  const started = performance.now();
  try {
    const answers = await db.kysely.connection().execute(async (conn) => {
      // One round trip opens the snapshot and sets its timeout (no parameters: a simple query may hold two statements).
      await sql.raw(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL statement_timeout = ${Math.trunc(timeoutMs)}`).execute(conn);
      try {
        const out: [string, EdgeAnswer][] = [];
        for (const plan of plans) out.push([plan.alias, await runPlan(conn, plan)]);
        await sql.raw("COMMIT").execute(conn);
        return out;
      } catch (e) {
        await sql.raw("ROLLBACK").execute(conn).catch(() => undefined);
        throw e;
      }
    });
    if (db.engine === "pglite" && performance.now() - started > timeoutMs) throw tooExpensive(timeoutMs);
    // fromEntries defines own properties: an alias such as `__proto__` stays a plain key.
    return Object.fromEntries(answers);
  } catch (e) {
    if ((e as { code?: unknown }).code === "57014") throw tooExpensive(timeoutMs);
    throw e;
  }
};
