import type { Migration } from "@platform/db";
import { appendMany } from "./004-append-many.ts";

/** The inline-write loop of es_append_many as migration 004 wrote it: one call per write. */
const PER_WRITE = `
  FOR v_fn IN SELECT DISTINCT p_write_fns[w] FROM generate_subscripts(p_write_fns, 1) AS w
              WHERE v_ok[p_write_items[w]] LOOP
    EXECUTE format('SELECT %I($1->(w - 1)) FROM generate_subscripts($2, 1) AS w '
                   || 'WHERE $2[w] = $3 AND $4[$5[w]] ORDER BY w', v_fn)
      USING p_write_args, p_write_fns, v_fn, v_ok, p_write_items;
  END LOOP;`;

const SET_WISE = `
  FOR v_fn IN SELECT DISTINCT p_write_fns[w] FROM generate_subscripts(p_write_fns, 1) AS w
              WHERE v_ok[p_write_items[w]] LOOP
    IF right(v_fn, 5) = '_rows' THEN
      EXECUTE format('SELECT %I(jsonb_agg($1->(w - 1) ORDER BY w)) FROM generate_subscripts($2, 1) AS w '
                     || 'WHERE $2[w] = $3 AND $4[$5[w]]', v_fn)
        USING p_write_args, p_write_fns, v_fn, v_ok, p_write_items;
    ELSE
      EXECUTE format('SELECT %I($1->(w - 1)) FROM generate_subscripts($2, 1) AS w '
                     || 'WHERE $2[w] = $3 AND $4[$5[w]] ORDER BY w', v_fn)
        USING p_write_args, p_write_fns, v_fn, v_ok, p_write_items;
    END IF;
  END LOOP;`;

/** The function's header as 004 wrote it, and with its planner setting. */
const HEADER = "LANGUAGE plpgsql AS $fn$";
const HEADER_NO_SEQSCAN = "LANGUAGE plpgsql SET enable_seqscan = off AS $fn$";

if (!appendMany.sql.includes(PER_WRITE) || !appendMany.sql.includes(HEADER))
  throw new Error("migration 004's es_append_many is not as 005 expects it");

/**
 * Event-store migration 005-set-wise-inline-writes: es_append_many as in 004, except that an
 * inline-write function whose name ends in `_rows` is called once per group with the JSON
 * array of its arguments (in append order, one per append), so a read model can write a
 * group's rows set-wise: a few statements per group instead of a few per append. Any other
 * function is still called once per write, so a process of the previous release, whose
 * appends name those, goes on working beside this one during an upgrade.
 *
 * And it never scans a table: every row it reads it finds by key, but PL/pgSQL keeps the plan
 * it made for its first calls, when es_streams was a few rows and a scan was cheapest, and a
 * table that grew faster than it was analyzed (or never is) kept that scan with an array
 * comparison per row for every append.
 */
export const setWiseInlineWrites: Migration = {
  id: "005-set-wise-inline-writes",
  // Replaced by functions: the SQL's own `$1`… must not read as replacement patterns.
  sql: appendMany.sql.replace(PER_WRITE, () => SET_WISE).replace(HEADER, () => HEADER_NO_SEQSCAN),
};
