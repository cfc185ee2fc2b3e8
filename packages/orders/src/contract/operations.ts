import { OrderListItem } from "./responses.ts";

/**
 * The orders context's own route. Its actor's messages go through the actors context's
 * generic API; their bodies are published from `orderMessages` (see index.ts).
 */
export const orderOperations = [
  {
    operationId: "listOrders",
    method: "get",
    path: "/resources/orders",
    summary: "List orders, newest createdAt first",
    permission: "actors/order:read",
    success: 200,
    tags: ["orders"],
    list: "orders",
    item: OrderListItem,
    query: {
      orderNumber: "Exact order number",
      currencyCode: "ISO 4217 code, case-insensitive",
      createdAfter: "ISO 8601 timestamp, exclusive",
      createdBefore: "ISO 8601 timestamp, exclusive",
    },
  },
] as const;
