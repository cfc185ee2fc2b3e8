import { sql } from "kysely";
import type { SelectQueryBuilder } from "kysely";
import { sharedRead } from "@platform/db";
import type { AnyDB } from "@platform/db";
import { encodeCursor } from "./pagination.ts";
import type { PageRequest } from "./pagination.ts";

export type KeysetOptions = {
  /** A trusted SQL expression to sort by (never user text), non-null (coalesce it). */
  readonly sortSql: string;
  /** The row field holding the sort value, for cursors. */
  readonly sortField: string;
  readonly idSql: string;
  readonly idField: string;
  readonly direction: "asc" | "desc";
};

/**
 * One page of a keyset-paginated list in the contract's envelope: `after` continues,
 * `before` goes back, totalCount counts every match regardless of the page.
 */
export const keysetPage = async <Row extends Record<string, unknown>>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  base: SelectQueryBuilder<AnyDB, any, Row>,
  page: PageRequest,
  opts: KeysetOptions,
  key: string,
  present: (row: Row) => unknown = (r) => r,
) => {
  const sortExpr = sql.raw(opts.sortSql);
  const idExpr = sql.raw(opts.idSql);
  const forward = !page.before;
  const cursor = page.after ?? page.before;
  const asc = (opts.direction === "asc") === forward;
  let q = base;
  if (cursor) {
    const [s, id] = cursor;
    q = q.where(
      asc
        ? sql<boolean>`(${sortExpr}, ${idExpr}) > (${s}, ${id ?? ""})`
        : sql<boolean>`(${sortExpr}, ${idExpr}) < (${s}, ${id ?? ""})`,
    );
  }
  const dir = asc ? sql.raw("ASC") : sql.raw("DESC");
  // The page and its count go in parallel (two sessions: a search's latency is the slower of
  // the two, not their sum). Neither reads nor locks anything else: identical pages and counts
  // asked together run once (sharedRead).
  const [rows, count] = await Promise.all([
    sharedRead(q.orderBy(sql`${sortExpr} ${dir}`).orderBy(sql`${idExpr} ${dir}`).limit(page.limit)).execute(),
    sharedRead(
      base.clearSelect().clearOrderBy().select(sql<number>`count(*)::int`.as("n")),
    ).executeTakeFirst() as Promise<{ n: number } | undefined>,
  ]);
  const ordered = forward ? rows : rows.reverse();
  const cursorOf = (r: Row) => [
    r[opts.sortField] instanceof Date
      ? (r[opts.sortField] as Date).toISOString()
      : (r[opts.sortField] as string | number | null),
    r[opts.idField] as string,
  ];
  return {
    [key]: ordered.map(present),
    totalCount: count?.n ?? 0,
    firstCursor: ordered.length ? encodeCursor(cursorOf(ordered[0]!)) : null,
    lastCursor: ordered.length ? encodeCursor(cursorOf(ordered.at(-1)!)) : null,
  };
};
