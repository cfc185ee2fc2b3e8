import { sql } from "kysely";
import type { RawBuilder } from "kysely";
import { attributeConditions, attributeValueConditions } from "@platform/http";
import type { Caller } from "@platform/kernel";
import type { GraphAccess } from "@platform/host";

/**
 * The rows of an edge a caller may see, as the list of the same records narrows them
 * (GraphAccess): null when nothing narrows them.
 */
export const accessCondition = (
  access: GraphAccess,
  caller: Pick<Caller, "attributes">,
): RawBuilder<boolean> | null => {
  if (access.kind === "none") return null;
  const conditions =
    access.kind === "sets"
      ? attributeConditions(access.column, caller.attributes)
      : attributeValueConditions(access.columns, caller.attributes);
  if (conditions.length === 0) return null;
  return sql<boolean>`(${sql.join(conditions, sql.raw(" AND "))})`;
};
