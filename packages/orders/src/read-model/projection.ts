import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";
import { orderEventTypes } from "../order/events.ts";
import type { OrderEvent } from "../order/events.ts";
import { evolveOrder, initialOrderState } from "../order/state.ts";
import type { OrderState } from "../order/state.ts";
import { formatTotals, orderTotals } from "../order/totals.ts";

const PREFIX = "order-";

/**
 * The `orders_orders` row of an order in `state` at `version` (`at`: its last batch's time),
 * or null while it has no header. One definition for both ways the row is written.
 */
const orderRow = (orderId: string, state: OrderState, version: number, at: string) => {
  if (!state.header) return null;
  const totals = orderTotals(state);
  const t = formatTotals(totals.order, totals.digits);
  return {
    order_id: orderId,
    order_number: state.header.orderNumber,
    created_at: state.header.createdAt,
    currency_code: state.header.currencyCode,
    tax_included: state.header.taxIncluded,
    channel_key: state.header.channelKey,
    status: state.status,
    line_count: state.lines.length,
    delivery_count: state.deliveries.length,
    total_net: t.net,
    total_tax: t.tax,
    total_gross: t.gross,
    version,
    updated_at: at,
    state,
  };
};

/**
 * Builds `orders_orders` from the order events.
 *
 * Inline (PostgreSQL and PGlite): each order append's transaction writes the order's row
 * through `orders_write_rows` (migration 003, one upsert per group commit), so a list shows
 * an order the moment its append commits and no request waits for a follower.
 *
 * From the log (a rebuild, or a store that cannot write inline): per batch, read the stored
 * states of the orders it touches, fold the new events with the actor's `evolve`, and write
 * the rows back as one upsert, which the runner sends together with the checkpoint update as
 * one statement (exactly once, one round trip). Versions already folded are skipped, and a
 * stored row of a newer version is kept.
 */
export const ordersProjection: Projection = {
  name: "orders",
  eventTypes: orderEventTypes,
  inline: {
    actorType: "order",
    fn: "orders_write_rows",
    arg: (id, state, version, at) => orderRow(id, state as OrderState, version, at),
  },
  reset: async (trx) => void (await sql`DELETE FROM orders_orders`.execute(trx)),
  statement: async (db, events) => {
    const byOrder = new Map<string, (typeof events)[number][]>();
    for (const e of events) {
      if (!e.streamId.startsWith(PREFIX)) continue;
      const id = e.streamId.slice(PREFIX.length);
      const list = byOrder.get(id);
      if (list) list.push(e);
      else byOrder.set(id, [e]);
    }
    if (byOrder.size === 0) return null;
    // One read and one multi-row upsert per batch, however many orders it touches. An order
    // whose batch starts at version 1 folds from nothing: no need to read it.
    const toRead = [...byOrder].filter(([, list]) => list[0]!.version > 1).map(([id]) => id);
    const stored =
      toRead.length === 0
        ? []
        : await db
            .selectFrom("orders_orders")
            .select(["order_id", "state", "version"])
            .where("order_id", "in", toRead)
            .execute();
    const storedById = new Map(stored.map((r) => [r.order_id, r]));
    const rows = [];
    for (const [orderId, list] of byOrder) {
      const row = storedById.get(orderId);
      let state: OrderState = row ? (row.state as OrderState) : initialOrderState();
      let version: number = row ? Number(row.version) : 0;
      for (const e of list) {
        if (e.version <= version) continue;
        state = evolveOrder(state, { type: e.type, data: e.data } as OrderEvent);
        version = e.version;
      }
      const out = orderRow(orderId, state, version, list.at(-1)!.metadata.at);
      if (out) rows.push({ ...out, state: JSON.stringify(out.state), projected_at: sql<Date>`now()` });
    }
    if (rows.length === 0) return null;
    const excluded = (c: string) => sql.ref(`excluded.${c}`);
    const columns = Object.keys(rows[0]!).filter((c) => c !== "order_id");
    return db
      .insertInto("orders_orders")
      .values(rows)
      .onConflict((oc) =>
        oc
          .column("order_id")
          .doUpdateSet(Object.fromEntries(columns.map((c) => [c, excluded(c)])) as never)
          .where("orders_orders.version", "<", excluded("version") as never),
      )
      .compile();
  },
};
