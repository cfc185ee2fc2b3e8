import * as v from "valibot";

/** Canonical decimal text in the order's currency, as many decimals as its minor unit. */
const amount = v.pipe(v.string(), v.description('Decimal text in the order\'s currency, e.g. "125.00"'));

/**
 * One item of `GET /resources/orders` (read-model/queries.ts `presentOrderRow`): the order's
 * header and totals from the orders read model. The whole order (deliveries, lines) is the
 * order actor's state, `GET /resources/actors/order/{id}`.
 */
export const OrderListItem = v.object({
  orderId: v.pipe(v.string(), v.description("The order actor's UUID")),
  orderNumber: v.pipe(v.string(), v.description("The order's natural key")),
  createdAt: v.pipe(
    v.string(),
    v.description("The order's own creation time (ISO 8601 instant, UTC); the list's sort key, newest first"),
  ),
  currencyCode: v.pipe(v.string(), v.description("ISO 4217, upper case")),
  taxIncluded: v.pipe(v.boolean(), v.description("Whether unit prices and shipping include tax")),
  channelKey: v.pipe(v.nullable(v.string()), v.description("The order's access attribute, if any")),
  status: v.picklist(["open", "cancelled"]),
  lineCount: v.pipe(v.number(), v.description("Order lines (removed ones not counted)")),
  deliveryCount: v.pipe(v.number(), v.description("Deliveries (removed ones not counted)")),
  totals: v.pipe(
    v.object({ net: amount, tax: amount, gross: amount }),
    v.description("The order's totals, shipping included"),
  ),
  version: v.pipe(v.number(), v.description("The order actor's version (number of events) the row reflects")),
  updatedAt: v.pipe(v.string(), v.description("When the order last changed (ISO 8601 instant, UTC)")),
});
