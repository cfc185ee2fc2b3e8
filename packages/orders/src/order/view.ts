import type { OrderState } from "./state.ts";
import { formatTotals, orderTotals } from "./totals.ts";

/**
 * The public view of an order: the state with every total computed (as decimal text in the
 * order's currency). `orderId` is not part of it: it is the actor's id (`identifiers`).
 */
export const orderView = (s: OrderState) => {
  if (s.status === "none" || !s.header) return null;
  const t = orderTotals(s);
  return {
    ...s.header,
    status: s.status,
    cancelledAt: s.cancellation?.cancelledAt ?? null,
    cancelReason: s.cancellation?.reason ?? null,
    deliveries: s.deliveries.map((d) => ({
      deliveryId: d.deliveryId,
      shippingPrice: d.shippingPrice,
      address: d.address,
      totals: formatTotals(t.deliveries.get(d.deliveryId)!, t.digits),
    })),
    orderLines: s.lines.map((l) => ({
      orderLineId: l.orderLineId,
      deliveryId: l.deliveryId,
      productNumber: l.productNumber,
      description: l.description,
      image: l.image,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxFactor: l.taxFactor,
      taxSource: l.taxSource,
      salesTax: l.salesTax,
      skus: l.skus,
      totals: formatTotals(t.lines.get(l.orderLineId)!, t.digits),
    })),
    totals: formatTotals(t.order, t.digits),
  };
};

export type OrderView = NonNullable<ReturnType<typeof orderView>>;
