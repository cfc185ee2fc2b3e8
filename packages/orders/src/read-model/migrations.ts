import type { Migration } from "@platform/db";

/**
 * The orders list. `state` holds the folded order so the projector evolves it event by
 * event with the actor's own `evolve` (one definition of the totals); the other columns are
 * what lists filter and sort on.
 */
export const ordersMigrations: readonly Migration[] = [
  {
    id: "001-orders",
    sql: `
CREATE TABLE IF NOT EXISTS orders_orders (
  order_id text PRIMARY KEY,
  order_number text NOT NULL,
  created_at timestamptz NOT NULL,
  currency_code text NOT NULL,
  tax_included boolean NOT NULL,
  channel_key text,
  status text NOT NULL,
  line_count integer NOT NULL,
  delivery_count integer NOT NULL,
  total_net text NOT NULL,
  total_tax text NOT NULL,
  total_gross text NOT NULL,
  version integer NOT NULL,
  updated_at timestamptz NOT NULL,
  state jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS orders_orders_created ON orders_orders (created_at DESC, order_id DESC);
CREATE INDEX IF NOT EXISTS orders_orders_number ON orders_orders (order_number);
CREATE INDEX IF NOT EXISTS orders_orders_channel ON orders_orders (channel_key);
`,
  },
  {
    id: "002-inline-row",
    sql: `
-- When the row was last written (the projector's or the append's transaction): with
-- updated_at, the time of the batch, it measures how far the list trails the journal.
ALTER TABLE orders_orders ADD COLUMN IF NOT EXISTS projected_at timestamptz NOT NULL DEFAULT now();

-- The inline projection: es_append_batch calls it in the order append's transaction with the
-- row built from the order's state after the batch (orderRow). The projector, which rebuilds
-- the list from the journal, writes the same row; neither overwrites a newer version.
CREATE OR REPLACE FUNCTION orders_write_row(p jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO orders_orders AS o (order_id, order_number, created_at, currency_code, tax_included, channel_key, status,
                                  line_count, delivery_count, total_net, total_tax, total_gross, version, updated_at,
                                  state, projected_at)
  SELECT r.order_id, r.order_number, r.created_at, r.currency_code, r.tax_included, r.channel_key, r.status,
         r.line_count, r.delivery_count, r.total_net, r.total_tax, r.total_gross, r.version, r.updated_at, r.state,
         now()
    FROM jsonb_populate_record(NULL::orders_orders, p) AS r
  ON CONFLICT (order_id) DO UPDATE SET
    order_number = excluded.order_number, created_at = excluded.created_at, currency_code = excluded.currency_code,
    tax_included = excluded.tax_included, channel_key = excluded.channel_key, status = excluded.status,
    line_count = excluded.line_count, delivery_count = excluded.delivery_count, total_net = excluded.total_net,
    total_tax = excluded.total_tax, total_gross = excluded.total_gross, version = excluded.version,
    updated_at = excluded.updated_at, state = excluded.state, projected_at = excluded.projected_at
  WHERE o.version < excluded.version;
END
$fn$;
`,
  },
  {
    id: "003-inline-rows",
    sql: `
-- orders_write_row (002) for a whole group commit at once: es_append_many (event-store 005)
-- calls a function named *_rows once with the JSON array of the group's order rows, at most one
-- per order, so a burst of order appends writes the list in one upsert. orders_write_row stays
-- for a process of the previous release.
CREATE OR REPLACE FUNCTION orders_write_rows(p jsonb) RETURNS void
LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO orders_orders AS o (order_id, order_number, created_at, currency_code, tax_included, channel_key, status,
                                  line_count, delivery_count, total_net, total_tax, total_gross, version, updated_at,
                                  state, projected_at)
  SELECT r.order_id, r.order_number, r.created_at, r.currency_code, r.tax_included, r.channel_key, r.status,
         r.line_count, r.delivery_count, r.total_net, r.total_tax, r.total_gross, r.version, r.updated_at, r.state,
         now()
    FROM jsonb_populate_recordset(NULL::orders_orders, p) AS r
  ON CONFLICT (order_id) DO UPDATE SET
    order_number = excluded.order_number, created_at = excluded.created_at, currency_code = excluded.currency_code,
    tax_included = excluded.tax_included, channel_key = excluded.channel_key, status = excluded.status,
    line_count = excluded.line_count, delivery_count = excluded.delivery_count, total_net = excluded.total_net,
    total_tax = excluded.total_tax, total_gross = excluded.total_gross, version = excluded.version,
    updated_at = excluded.updated_at, state = excluded.state, projected_at = excluded.projected_at
  WHERE o.version < excluded.version;
END
$fn$;`,
  },
];
