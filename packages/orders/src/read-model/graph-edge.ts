import type { GraphEdge } from "@platform/host";

/**
 * The `orders` graph edge (packages/graph): the orders list's columns, narrowed by `channelKey`
 * as the list is. Totals are numbers here so they filter and order as numbers.
 */
export const ordersEdge: GraphEdge = {
  edge: "orders",
  node: "order",
  from: "orders_orders",
  idField: "orderId",
  defaultOrder: "createdAt desc",
  access: { kind: "values", columns: { channelKey: "t.channel_key" } },
  // The folded order (`state.header.orderNumber`, `state.lines.0.productNumber`).
  customSources: { state: "state" },
  fields: {
    orderId: { sql: "t.order_id", type: "text" },
    orderNumber: { sql: "t.order_number", type: "text" },
    createdAt: { sql: "t.created_at", type: "instant" },
    updatedAt: { sql: "t.updated_at", type: "instant" },
    currencyCode: { sql: "t.currency_code", type: "text" },
    taxIncluded: { sql: "t.tax_included", type: "boolean" },
    channelKey: { sql: "t.channel_key", type: "text", nullable: true },
    status: { sql: "t.status", type: "text" },
    lineCount: { sql: "t.line_count", type: "number" },
    deliveryCount: { sql: "t.delivery_count", type: "number" },
    totalNet: { sql: "t.total_net::numeric", type: "number" },
    totalTax: { sql: "t.total_tax::numeric", type: "number" },
    totalGross: { sql: "t.total_gross::numeric", type: "number" },
  },
};
