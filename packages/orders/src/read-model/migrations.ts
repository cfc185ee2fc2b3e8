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
];
