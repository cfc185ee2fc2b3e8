import type {
  DeliveryAddress,
  DeliveryCreated,
  OrderCancelled,
  OrderCreated,
  OrderEvent,
  OrderLineCreated,
  OrderLineSalesTaxSet,
} from "./events.ts";

/*
 * The state's parts are the events' payloads plus what later events change, derived from the event types so that
 * a field added to an event cannot be forgotten here.
 */
type OrderHeader = OrderCreated["data"];

export type Delivery = DeliveryCreated["data"] & { readonly address: DeliveryAddress | null };

export type OrderLine = OrderLineCreated["data"] & {
  /** Where the rate (taxFactor: given with the line or by the default-tax rule; null = untaxed so far) came from. */
  readonly taxSource: "line" | "default" | null;
  /** A fixed tax amount for the line that overrides the rate (setOrderLineTax). */
  readonly salesTax: OrderLineSalesTaxSet["data"]["salesTax"] | null;
};

/** The folded order. Arrays keep creation order; ids are unique within an order for its lifetime. */
export type OrderState = {
  readonly status: "none" | "open" | "cancelled";
  readonly header: OrderHeader | null;
  readonly deliveries: readonly Delivery[];
  readonly lines: readonly OrderLine[];
  /** Every delivery and line id ever used (removed ones too), so ids are never reused. */
  readonly usedIds: readonly string[];
  readonly cancellation: OrderCancelled["data"] | null;
};

export const initialOrderState = (): OrderState => ({
  status: "none",
  header: null,
  deliveries: [],
  lines: [],
  usedIds: [],
  cancellation: null,
});

const updateLine = (s: OrderState, id: string, f: (l: OrderLine) => OrderLine): OrderState => ({
  ...s,
  lines: s.lines.map((l) => (l.orderLineId === id ? f(l) : l)),
});

const updateDelivery = (s: OrderState, id: string, f: (d: Delivery) => Delivery): OrderState => ({
  ...s,
  deliveries: s.deliveries.map((d) => (d.deliveryId === id ? f(d) : d)),
});

/** Folds one event; never mutates, ignores events it does not know. */
export const evolveOrder = (s: OrderState, e: OrderEvent): OrderState => {
  switch (e.type) {
    case "OrderCreated":
      return { ...s, status: "open", header: { ...e.data } };
    case "DeliveryCreated":
      return {
        ...s,
        deliveries: [
          ...s.deliveries,
          { deliveryId: e.data.deliveryId, shippingPrice: e.data.shippingPrice, address: null },
        ],
        usedIds: [...s.usedIds, e.data.deliveryId],
      };
    case "DeliveryAddressSet": {
      const { deliveryId, ...address } = e.data;
      return updateDelivery(s, deliveryId, (d) => ({ ...d, address }));
    }
    case "OrderLineCreated":
      return {
        ...s,
        lines: [...s.lines, { ...e.data, taxSource: e.data.taxFactor === null ? null : "line", salesTax: null }],
        usedIds: [...s.usedIds, e.data.orderLineId],
      };
    case "OrderLineSalesTaxSet":
      return updateLine(s, e.data.orderLineId, (l) => ({ ...l, salesTax: e.data.salesTax }));
    case "OrderLineTaxFactorDefaulted":
      return updateLine(s, e.data.orderLineId, (l) => ({ ...l, taxFactor: e.data.taxFactor, taxSource: "default" }));
    case "OrderLineQuantityChanged":
      return updateLine(s, e.data.orderLineId, (l) => ({ ...l, quantity: e.data.quantity }));
    case "OrderLineRemoved":
      return { ...s, lines: s.lines.filter((l) => l.orderLineId !== e.data.orderLineId) };
    case "DeliveryRemoved":
      return { ...s, deliveries: s.deliveries.filter((d) => d.deliveryId !== e.data.deliveryId) };
    case "ShippingPriceSet":
      return updateDelivery(s, e.data.deliveryId, (d) => ({ ...d, shippingPrice: e.data.shippingPrice }));
    case "OrderCancelled":
      return { ...s, status: "cancelled", cancellation: { ...e.data } };
    default:
      return s;
  }
};
