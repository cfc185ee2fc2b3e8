import { sql } from "kysely";
import type { RawBuilder } from "kysely";
import type { Caller } from "@platform/kernel";
import type { GraphAccess } from "@platform/platform";

/**
 * The rows of an edge a caller may see, as the list of the same records narrows them
 * (GraphAccess): null when nothing narrows them.
 */
export const accessCondition = (access: GraphAccess, caller: Pick<Caller, "attributes">): RawBuilder<boolean> | null => {
  const restricted = Object.entries(caller.attributes).filter(([, values]) => values.length > 0);
  if (restricted.length === 0 || access.kind === "none") return null;
  const conditions = restricted.map(([name, values]) => {
    const list = sql.join(values.map((v) => sql`${v}::text`));
    if (access.kind === "sets") {
      const column = sql.raw(access.column);
      return sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(${column} -> ${name}::text) = 'array' THEN ${column} -> ${name}::text ELSE '[]'::jsonb END) AS a(v) WHERE a.v IN (${list}))`;
    }
    const column = Object.hasOwn(access.columns, name) ? access.columns[name] : undefined;
    // Records carry no value of this attribute: a caller restricted on it sees none of them.
    return column ? sql<boolean>`${sql.raw(column)} IN (${list})` : sql<boolean>`false`;
  });
  return sql<boolean>`(${sql.join(conditions, sql.raw(" AND "))})`;
};
