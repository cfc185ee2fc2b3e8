import { sql } from "kysely";
import type { RawBuilder } from "kysely";

/**
 * ABAC for a list of identities: for every attribute the caller is restricted on, the record's
 * array of values (a jsonb object column of attribute → string[]) must share a value with the
 * caller's. `column` is the list's own trusted SQL, never input. IAM's lists and the graph's
 * identity edges use this one condition.
 */
export const attributeConditions = (
  column: string,
  attributes: Readonly<Record<string, readonly string[]>>,
): RawBuilder<boolean>[] =>
  Object.entries(attributes)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => {
      const field = sql`${sql.raw(column)} -> ${name}::text`;
      const allowed = sql.join(values.map((val) => sql`${val}::text`));
      return sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(${field}) = 'array' THEN ${field} ELSE '[]'::jsonb END) x(v) WHERE x.v IN (${allowed}))`;
    });

/**
 * ABAC for a list of records carrying one value per attribute in a column (an order's
 * `channel_key`): for every attribute the caller is restricted on, the record's value must be
 * one of the caller's (a record without one is left out), and a restriction on an attribute
 * the records do not carry leaves them all out. The SQL form of `attributesAllow`; `columns`
 * (attribute → column) is the list's own trusted SQL.
 */
export const attributeValueConditions = (
  columns: Readonly<Record<string, string>>,
  attributes: Readonly<Record<string, readonly string[]>>,
): RawBuilder<boolean>[] =>
  Object.entries(attributes)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => {
      const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
      return column
        ? sql<boolean>`${sql.raw(column)} IN (${sql.join(values.map((v) => sql`${v}::text`))})`
        : sql<boolean>`false`;
    });
