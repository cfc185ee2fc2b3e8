import { sql } from "kysely";
import type { RawBuilder } from "kysely";
import { attributeConditions } from "@platform/http";
import type { Caller } from "@platform/kernel";
import type { GraphAccess } from "@platform/platform";

/**
 * The rows of an edge a caller may see, as the list of the same records narrows them
 * (GraphAccess): null when nothing narrows them.
 */
export const accessCondition = (access: GraphAccess, caller: Pick<Caller, "attributes">): RawBuilder<boolean> | null => {
  const restricted = Object.entries(caller.attributes).filter(([, values]) => values.length > 0);
  if (restricted.length === 0 || access.kind === "none") return null;
  const conditions =
    access.kind === "sets"
      ? attributeConditions(access.column, caller.attributes)
      : restricted.map(([name, values]) => {
          const column = Object.hasOwn(access.columns, name) ? access.columns[name] : undefined;
          // Records carry no value of this attribute: a caller restricted on it sees none of them.
          return column ? sql<boolean>`${sql.raw(column)} IN (${sql.join(values.map((v) => sql`${v}::text`))})` : sql<boolean>`false`;
        });
  return sql<boolean>`(${sql.join(conditions, sql.raw(" AND "))})`;
};
