import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { attributeValueConditions, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";

type OrderFilters = {
  readonly orderNumber?: string | undefined;
  readonly currencyCode?: string | undefined;
  /** Exclusive bounds on the order's own `createdAt`. */
  readonly createdAfter?: Date | undefined;
  readonly createdBefore?: Date | undefined;
  /**
   * The caller's access attributes: `channelKey` filters; any other restriction hides every order (orders carry no
   * other attribute).
   */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
};

type Row = {
  order_id: string;
  order_number: string;
  created_at: Date | string;
  currency_code: string;
  tax_included: boolean;
  channel_key: string | null;
  status: string;
  line_count: number;
  delivery_count: number;
  total_net: string;
  total_tax: string;
  total_gross: string;
  version: number;
  updated_at: Date | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

/** A list row as the API shows it. */
export const presentOrderRow = (r: Row) => ({
  orderId: r.order_id,
  orderNumber: r.order_number,
  createdAt: iso(r.created_at),
  currencyCode: r.currency_code,
  taxIncluded: r.tax_included,
  channelKey: r.channel_key,
  status: r.status,
  lineCount: r.line_count,
  deliveryCount: r.delivery_count,
  totals: { net: r.total_net, tax: r.total_tax, gross: r.total_gross },
  version: r.version,
  updatedAt: iso(r.updated_at),
});

/** One page of orders, newest `createdAt` first, in the contract's list envelope under `orders`. */
export const listOrders = (db: Kysely<AnyDB>, filters: OrderFilters, page: PageRequest) => {
  let q = db
    .selectFrom("orders_orders")
    .select([
      "order_id",
      "order_number",
      "created_at",
      "currency_code",
      "tax_included",
      "channel_key",
      "status",
      "line_count",
      "delivery_count",
      "total_net",
      "total_tax",
      "total_gross",
      "version",
      "updated_at",
    ]);
  if (filters.orderNumber !== undefined) q = q.where("order_number", "=", filters.orderNumber);
  if (filters.currencyCode !== undefined) q = q.where("currency_code", "=", filters.currencyCode.toUpperCase());
  if (filters.createdAfter) q = q.where("created_at", ">", filters.createdAfter);
  if (filters.createdBefore) q = q.where("created_at", "<", filters.createdBefore);
  for (const condition of attributeValueConditions({ channelKey: "channel_key" }, filters.attributes))
    q = q.where(condition);
  return keysetPage(
    q as never,
    page,
    { sortSql: "created_at", sortField: "created_at", idSql: "order_id", idField: "order_id", direction: "desc" },
    "orders",
    (r) => presentOrderRow(r as Row),
  );
};
