import type { Migration } from "@platform/db";

/**
 * The custom graph field registry (docs/GRAPH.md) and `graph_instant`, the instant a custom
 * field of type instant reads from JSON. The function is IMMUTABLE so an index can be built on
 * it: it reads only ISO 8601 text that names its offset or is taken as UTC (a date is its UTC
 * midnight), never the session's time zone, and answers null (never an error) for anything
 * else, including days that do not exist (2026-02-30).
 */
/**
 * The ISO 8601 text graph_instant reads: a date, or a date and time (seconds and fraction optional) with an optional
 * offset (Z, +hh:mm, +hhmm). A regex of PostgreSQL (POSIX ARE), in single quotes in the SQL.
 */
const ISO_INSTANT =
  "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])" +
  "(T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,9})?)?(Z|[+-]([01][0-9]|2[0-3]):?[0-5][0-9])?)?$";

export const graphMigrations: readonly Migration[] = [
  {
    id: "001-graph-fields",
    sql: `
CREATE TABLE IF NOT EXISTS graph_fields (
  node text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  source text NOT NULL,
  index_name text NOT NULL,
  index_state text NOT NULL,
  index_error text,
  version integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (node, name)
);

CREATE OR REPLACE FUNCTION graph_instant(v jsonb) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
SELECT CASE
  WHEN jsonb_typeof(v) <> 'string' THEN NULL
  WHEN (v #>> '{}') !~ '${ISO_INSTANT}' THEN NULL
  WHEN substr(v #>> '{}', 1, 4) = '0000' THEN NULL
  WHEN substr(v #>> '{}', 9, 2)::int > extract(day from
    make_date(substr(v #>> '{}', 1, 4)::int, substr(v #>> '{}', 6, 2)::int, 1) + interval '1 month' - interval '1 day'
  )::int THEN NULL
  WHEN length(v #>> '{}') = 10 THEN ((v #>> '{}') || 'T00:00:00Z')::timestamptz
  WHEN (v #>> '{}') ~ '(Z|[+-][0-9]{2}:?[0-9]{2})$' THEN (v #>> '{}')::timestamptz
  ELSE ((v #>> '{}') || 'Z')::timestamptz
END
$fn$;
`,
  },
];
