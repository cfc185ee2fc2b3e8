import { sql } from "kysely";
import type { Projection } from "@platform/actor-runtime";
import { orderEventTypes } from "../order/events.ts";
import type { OrderEvent } from "../order/events.ts";
import { evolveOrder, initialOrderState } from "../order/state.ts";
import type { OrderState } from "../order/state.ts";
import { formatTotals, orderTotals } from "../order/totals.ts";

const PREFIX = "order-";

/**
 * Builds `orders_orders` from the order events. Per order in a batch: read the stored state,
 * fold the new events with the actor's `evolve`, write the row back, all in the runner's
 * transaction (exactly once with the checkpoint). Versions already folded are skipped.
 */
export const ordersProjection: Projection = {
  name: "orders",
  eventTypes: orderEventTypes,
  reset: async (trx) => void (await sql`DELETE FROM orders_orders`.execute(trx)),
  apply: async (trx, events) => {
    const byOrder = new Map<string, typeof events[number][]>();
    for (const e of events) {
      if (!e.streamId.startsWith(PREFIX)) continue;
      const id = e.streamId.slice(PREFIX.length);
      byOrder.set(id, [...(byOrder.get(id) ?? []), e]);
    }
    for (const [orderId, list] of byOrder) {
      const row = await trx.selectFrom("orders_orders").select(["state", "version"]).where("order_id", "=", orderId).executeTakeFirst();
      let state: OrderState = row ? (row.state as OrderState) : initialOrderState();
      let version: number = row ? Number(row.version) : 0;
      for (const e of list) {
        if (e.version <= version) continue;
        state = evolveOrder(state, { type: e.type, data: e.data } as OrderEvent);
        version = e.version;
      }
      if (!state.header) continue;
      const totals = orderTotals(state);
      const t = formatTotals(totals.order, totals.digits);
      const values = {
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
        updated_at: list.at(-1)!.metadata.at,
        state: JSON.stringify(state),
      };
      await trx
        .insertInto("orders_orders")
        .values({ order_id: orderId, ...values })
        .onConflict((oc) => oc.column("order_id").doUpdateSet(values))
        .execute();
    }
  },
};
