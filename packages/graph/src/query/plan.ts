import type { RawBuilder } from "kysely";
import { DomainError } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { GraphField } from "@platform/host";
import { FilterError } from "../filter/ast.ts";
import type { FilterNode } from "../filter/ast.ts";
import { compileFilter } from "../filter/compile.ts";
import type { FieldLookup } from "../filter/compile.ts";
import { parseFilter } from "../filter/parse.ts";
import { FilterTypeError } from "../filter/type-error.ts";
import { accessCondition } from "./access.ts";
import { decodeGraphCursor } from "./cursor.ts";
import type { Cursor } from "./cursor.ts";
import { orderOf } from "./edges.ts";
import type { EdgeEntry, OrderSpec } from "./edges.ts";

/** One edge query, checked and compiled: what the snapshot runs. */
export type Plan = {
  readonly alias: string;
  readonly entry: EdgeEntry;
  readonly where: readonly RawBuilder<boolean>[];
  readonly order: OrderSpec;
  readonly select: readonly (readonly [string, GraphField])[];
  readonly count: boolean;
  readonly limit: number;
  readonly after: Cursor | undefined;
};

type PlanInput = {
  readonly alias: string;
  readonly filter: FilterNode | string | null;
  readonly orderBy?: string | undefined;
  readonly count?: boolean | undefined;
  readonly fields?: readonly string[] | undefined;
  readonly limit?: number | undefined;
  readonly after?: string | undefined;
};

const bad = (path: string, message: string) =>
  new DomainError("VALIDATION_FAILED", `${path.replace(/^\d+\./, "")}: ${message}`, [{ path, message }]);

/**
 * Checks one query against its edge and the caller: `graph/<node>:query` for the edge,
 * `graph/<node>:field` as well for a restricted field it selects, filters or orders by;
 * unknown fields, type mismatches and syntax errors are 400 naming the spot (`prefix` is the
 * query's place in the body: `0.` in an array, empty for Shape A).
 */
export const planQuery = (entry: EdgeEntry, caller: Caller, input: PlanInput, prefix: string): Plan => {
  const { node } = entry.edge;
  if (!caller.can(`graph/${node}`, "query"))
    throw new DomainError("FORBIDDEN", `Requires graph/${node}:query for the ${entry.edge.edge} edge`);
  const readable = (name: string, field: GraphField) => {
    if (field.restricted && !caller.can(`graph/${node}`, "field"))
      throw new DomainError("FORBIDDEN", `Field ${name} of ${entry.edge.edge} requires graph/${node}:field`);
    return field;
  };
  const lookup: FieldLookup = (name, at) => {
    const field = entry.fields.get(name);
    if (!field) throw new FilterTypeError(`unknown field '${name}'`, at);
    return readable(name, field);
  };
  const where: RawBuilder<boolean>[] = [];
  const access = accessCondition(entry.edge.access, caller);
  if (access) where.push(access);
  try {
    const ast = typeof input.filter === "string" ? parseFilter(input.filter) : input.filter;
    if (ast) where.push(compileFilter(ast, lookup));
  } catch (e) {
    if (!(e instanceof FilterError)) throw e;
    // Shape A's filters are objects: a problem's position is the filter's index.
    throw typeof input.filter === "string"
      ? bad(`${prefix}filter`, e.message)
      : bad(`filters.${e.position}`, e.problem);
  }
  const order =
    input.orderBy === undefined
      ? entry.defaultOrder
      : orderOf((name) => {
          const field = entry.fields.get(name);
          return field && readable(name, field);
        }, input.orderBy);
  if (typeof order === "string") throw bad(`${prefix}orderBy`, order);
  const names = input.fields ?? entry.defaultFields;
  const select = names.map((name, i) => {
    const field = entry.fields.get(name);
    if (!field) throw bad(`${prefix}node.fields[${i}]`, `unknown field '${name}'`);
    return [name, readable(name, field)] as const;
  });
  const after = input.after === undefined ? undefined : decodeGraphCursor(input.after, order, `${prefix}after`);
  return {
    alias: input.alias,
    entry,
    where,
    order,
    select,
    count: input.count === true,
    limit: input.limit ?? 50,
    after,
  };
};
