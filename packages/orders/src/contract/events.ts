import * as v from "valibot";
import type { OrderEvent } from "../order/events.ts";

/** Each event type's `data` schema must produce exactly what the union says that event carries. */
type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = {
  readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]>;
};

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const uuid = v.pipe(v.string(), v.uuid());
const lineId = v.pipe(v.string(), v.minLength(1), v.maxLength(128));
/** Canonical decimal text in the order's currency ("19.90"), never negative. */
const amount = v.pipe(
  v.string(),
  v.regex(/^\d+(\.\d+)?$/),
  v.description('Decimal text in the order\'s currency, e.g. "19.90"'),
);
/** A tax factor as canonical decimal text ("0.25"), 0…10. */
const rate = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/), v.description('A tax factor as decimal text, e.g. "0.25"'));
const wholeQuantity = v.pipe(v.number(), v.integer(), v.minValue(1));

/**
 * The `data` of every event the order actor appends (order/events.ts, order/decide.ts).
 * Published as schemas/events/orders.json.
 */
export const orderEventSchemas = {
  OrderCreated: v.object({
    orderNumber: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    createdAt: timestamp,
    currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/), v.description("ISO 4217")),
    taxIncluded: v.boolean(),
    channelKey: v.nullable(v.string()),
  }),
  DeliveryCreated: v.object({ deliveryId: uuid, shippingPrice: v.nullable(amount) }),
  DeliveryAddressSet: v.object({
    deliveryId: uuid,
    name: v.string(),
    addressLine1: v.string(),
    addressLine2: v.nullable(v.string()),
    postalCode: v.string(),
    city: v.string(),
    countryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/), v.description("ISO 3166-1 alpha-2")),
    email: v.nullable(v.string()),
  }),
  OrderLineCreated: v.object({
    orderLineId: lineId,
    deliveryId: uuid,
    productNumber: v.string(),
    description: v.string(),
    image: v.nullable(v.string()),
    quantity: wholeQuantity,
    unitPrice: amount,
    taxFactor: v.nullable(rate),
    skus: v.record(v.string(), wholeQuantity),
  }),
  OrderLineSalesTaxSet: v.object({ orderLineId: lineId, salesTax: amount }),
  OrderLineTaxFactorDefaulted: v.object({ orderLineId: lineId, taxFactor: rate }),
  OrderLineQuantityChanged: v.object({ orderLineId: lineId, quantity: wholeQuantity }),
  OrderLineRemoved: v.object({ orderLineId: lineId }),
  DeliveryRemoved: v.object({ deliveryId: uuid }),
  ShippingPriceSet: v.object({ deliveryId: uuid, shippingPrice: amount }),
  OrderCancelled: v.object({ cancelledAt: timestamp, reason: v.nullable(v.string()) }),
} satisfies EventDataSchemas<OrderEvent>;
