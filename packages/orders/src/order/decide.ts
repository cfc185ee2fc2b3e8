import { DomainError, assertNever, isUuid } from "@platform/kernel";
import type { CommandContext } from "@platform/kernel";
import { currencyDigits, isCountryCode } from "../money/iso-codes.ts";
import {
  amountText,
  deliveryOf,
  lineId,
  lineOf,
  openOrder,
  positiveQuantity,
  rateText,
  unusedId,
  uuid,
} from "./checks.ts";
import type { CreateOrder, OrderCommand } from "./commands.ts";
import type { OrderEvent } from "./events.ts";
import type { OrderState } from "./state.ts";

const invalid = (field: string, message: string) =>
  new DomainError("VALIDATION_FAILED", `${field} ${message}`, [{ path: field, message }]);

/** Virtual ids an order number may not take, since the path could not address it. */
const RESERVED_NUMBERS = new Set(["new"]);

const createOrder = (c: CreateOrder, s: OrderState): OrderEvent => {
  if (s.status !== "none") throw new DomainError("CONFLICT", "The order already exists");
  const orderNumber = c.orderNumber.trim();
  if (orderNumber === "" || RESERVED_NUMBERS.has(orderNumber) || isUuid(orderNumber) || orderNumber.includes("/"))
    throw invalid("orderNumber", "must be a non-empty key that is not a UUID, 'new' or contain '/'");
  const currencyCode = c.currencyCode.toUpperCase();
  if (currencyDigits(currencyCode) === undefined) throw invalid("currencyCode", "must be an ISO 4217 currency code");
  const at = Date.parse(c.createdAt);
  if (Number.isNaN(at)) throw invalid("createdAt", "must be an ISO 8601 timestamp");
  return {
    type: "OrderCreated",
    data: {
      orderNumber,
      createdAt: new Date(at).toISOString(),
      currencyCode,
      taxIncluded: c.taxIncluded,
      channelKey: c.channelKey ?? null,
    },
  };
};

/**
 * The order's decider: pure, time from `ctx`. Every command but `createOrder` needs an open
 * order; ids are unique within the order for its whole life.
 */
export const decideOrder = (
  c: OrderCommand,
  s: OrderState,
  ctx: CommandContext,
): OrderEvent | readonly OrderEvent[] => {
  if (c.type === "createOrder") return createOrder(c, s);
  const header = openOrder(s);
  const digits = currencyDigits(header.currencyCode)!;
  switch (c.type) {
    case "createDelivery": {
      const deliveryId = uuid(c.deliveryId, "deliveryId");
      unusedId(s, deliveryId, "Delivery");
      const shippingPrice = c.shippingPrice === undefined ? null : amountText(c.shippingPrice, digits, "shippingPrice");
      return { type: "DeliveryCreated", data: { deliveryId, shippingPrice } };
    }
    case "setDeliveryAddress": {
      const d = deliveryOf(s, c.deliveryId);
      const countryCode = c.countryCode.toUpperCase();
      if (!isCountryCode(countryCode)) throw invalid("countryCode", "must be an ISO 3166-1 alpha-2 country code");
      return {
        type: "DeliveryAddressSet",
        data: {
          deliveryId: d.deliveryId,
          name: c.name,
          addressLine1: c.addressLine1,
          addressLine2: c.addressLine2 ?? null,
          postalCode: c.postalCode,
          city: c.city,
          countryCode,
          email: c.email ?? null,
        },
      };
    }
    case "createOrderLine": {
      const orderLineId = lineId(c.orderLineId);
      unusedId(s, orderLineId, "Order line");
      const d = deliveryOf(s, c.deliveryId);
      const skus = c.skus ?? {};
      for (const [sku, q] of Object.entries(skus)) positiveQuantity(q, `skus.${sku}`);
      return {
        type: "OrderLineCreated",
        data: {
          orderLineId,
          deliveryId: d.deliveryId,
          productNumber: c.productNumber,
          description: c.description,
          image: c.image ?? null,
          quantity: positiveQuantity(c.quantity),
          unitPrice: amountText(c.unitPrice, digits, "unitPrice"),
          taxFactor: c.taxFactor === undefined ? null : rateText(c.taxFactor, "taxFactor"),
          skus: { ...skus },
        },
      };
    }
    case "setOrderLineTax": {
      const l = lineOf(s, c.orderLineId);
      return {
        type: "OrderLineSalesTaxSet",
        data: { orderLineId: l.orderLineId, salesTax: amountText(c.salesTax, digits, "salesTax") },
      };
    }
    case "applyDefaultTax": {
      const l = lineOf(s, c.orderLineId);
      if (l.taxFactor !== null || l.salesTax !== null) return [];
      return {
        type: "OrderLineTaxFactorDefaulted",
        data: { orderLineId: l.orderLineId, taxFactor: rateText(c.taxFactor, "taxFactor") },
      };
    }
    case "changeOrderLineQuantity": {
      const l = lineOf(s, c.orderLineId);
      const quantity = positiveQuantity(c.quantity);
      return quantity === l.quantity
        ? []
        : { type: "OrderLineQuantityChanged", data: { orderLineId: l.orderLineId, quantity } };
    }
    case "removeOrderLine":
      return { type: "OrderLineRemoved", data: { orderLineId: lineOf(s, c.orderLineId).orderLineId } };
    case "removeDelivery": {
      const d = deliveryOf(s, c.deliveryId);
      if (s.lines.some((l) => l.deliveryId === d.deliveryId))
        throw new DomainError("INVALID_STATE", `Delivery ${d.deliveryId} still has order lines; remove them first`);
      return { type: "DeliveryRemoved", data: { deliveryId: d.deliveryId } };
    }
    case "setShippingPrice": {
      const d = deliveryOf(s, c.deliveryId);
      return {
        type: "ShippingPriceSet",
        data: { deliveryId: d.deliveryId, shippingPrice: amountText(c.shippingPrice, digits, "shippingPrice") },
      };
    }
    case "cancelOrder":
      return { type: "OrderCancelled", data: { cancelledAt: ctx.now.toISOString(), reason: c.reason ?? null } };
    default:
      return assertNever(c);
  }
};
