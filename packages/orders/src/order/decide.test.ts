import { describe, expect, it } from "vitest";
import { given } from "../testing/given.ts";
import type { OrderEvent } from "./events.ts";

const D1 = "0190a000-0000-7000-8000-000000000001";
const D2 = "0190a000-0000-7000-8000-000000000002";

const created = (over: Partial<Extract<OrderEvent, { type: "OrderCreated" }>["data"]> = {}): OrderEvent => ({
  type: "OrderCreated",
  data: {
    orderNumber: "1001",
    createdAt: "2026-01-01T10:00:00.000Z",
    currencyCode: "SEK",
    taxIncluded: true,
    channelKey: null,
    ...over,
  },
});
const delivery: OrderEvent = { type: "DeliveryCreated", data: { deliveryId: D1, shippingPrice: null } };
const line: OrderEvent = {
  type: "OrderLineCreated",
  data: {
    orderLineId: "l1",
    deliveryId: D1,
    productNumber: "P-1",
    description: "Mug",
    image: null,
    quantity: 2,
    unitPrice: "99.50",
    taxFactor: "0.25",
    skus: { "SKU-1": 1 },
  },
};

describe("order decider: createOrder", () => {
  it("creates an order with a normalised currency and timestamp", () =>
    given([])
      .when({
        type: "createOrder",
        orderNumber: " 1001 ",
        createdAt: "2026-01-01T11:00:00+01:00",
        currencyCode: "sek",
        taxIncluded: true,
        channelKey: "web",
      })
      .then([
        {
          type: "OrderCreated",
          data: {
            orderNumber: "1001",
            createdAt: "2026-01-01T10:00:00.000Z",
            currencyCode: "SEK",
            taxIncluded: true,
            channelKey: "web",
          },
        },
      ]));

  // The order's own fields are rejected naming the field: the actor API reports it as `details.field`, without a
  // commandIndex.
  it("rejects a code that is not ISO 4217", () =>
    given([])
      .when({
        type: "createOrder",
        orderNumber: "1",
        createdAt: "2026-01-01T00:00:00Z",
        currencyCode: "XYZ",
        taxIncluded: false,
      })
      .thenRejectsField("currencyCode"));
  it("rejects a bad timestamp", () =>
    given([])
      .when({ type: "createOrder", orderNumber: "1", createdAt: "yesterday", currencyCode: "EUR", taxIncluded: false })
      .thenRejectsField("createdAt"));
  it.each(["new", "0190a000-0000-7000-8000-000000000009", "a/b", "  "])(
    "rejects the order number %j, which the path could not address",
    (orderNumber) =>
      given([])
        .when({
          type: "createOrder",
          orderNumber,
          createdAt: "2026-01-01T00:00:00Z",
          currencyCode: "EUR",
          taxIncluded: false,
        })
        .thenRejectsField("orderNumber"),
  );
  it("refuses to create an order twice", () =>
    given([created()])
      .when({
        type: "createOrder",
        orderNumber: "1",
        createdAt: "2026-01-01T00:00:00Z",
        currencyCode: "EUR",
        taxIncluded: false,
      })
      .thenRejects("CONFLICT"));
  it("refuses commands on an order that does not exist", () =>
    given([]).when({ type: "createDelivery", deliveryId: D1 }).thenRejects("NOT_FOUND"));
});

describe("order decider: deliveries", () => {
  it("creates a delivery with an exact shipping price", () =>
    given([created()])
      .when({ type: "createDelivery", deliveryId: D1.toUpperCase(), shippingPrice: 49 })
      .then([{ type: "DeliveryCreated", data: { deliveryId: D1, shippingPrice: "49.00" } }]));
  it("rejects a delivery id that is not a UUID", () =>
    given([created()])
      .when({ type: "createDelivery", deliveryId: "d-1" })
      .thenRejects("VALIDATION_FAILED", "deliveryId"));
  it("rejects a duplicate delivery id", () =>
    given([created(), delivery]).when({ type: "createDelivery", deliveryId: D1 }).thenRejects("CONFLICT"));
  it("never reuses a removed delivery's id", () =>
    given([created(), delivery, { type: "DeliveryRemoved", data: { deliveryId: D1 } }])
      .when({ type: "createDelivery", deliveryId: D1 })
      .thenRejects("CONFLICT"));
  it("rejects a shipping price with more digits than the currency has", () =>
    given([created({ currencyCode: "JPY" })])
      .when({ type: "createDelivery", deliveryId: D1, shippingPrice: 10.5 })
      .thenRejects("VALIDATION_FAILED", "shippingPrice"));
  it("rejects a negative shipping price", () =>
    given([created(), delivery])
      .when({ type: "setShippingPrice", deliveryId: D1, shippingPrice: -1 })
      .thenRejects("VALIDATION_FAILED"));
  it("sets the shipping price", () =>
    given([created(), delivery])
      .when({ type: "setShippingPrice", deliveryId: D1, shippingPrice: "19.9" })
      .then([{ type: "ShippingPriceSet", data: { deliveryId: D1, shippingPrice: "19.90" } }]));

  const address = { name: "Ada", addressLine1: "Street 1", postalCode: "11122", city: "Stockholm", countryCode: "se" };
  it("sets an address with every field", () =>
    given([created(), delivery])
      .when({ type: "setDeliveryAddress", deliveryId: D1, ...address, addressLine2: "c/o B", email: "ada@example.com" })
      .then([
        {
          type: "DeliveryAddressSet",
          data: {
            deliveryId: D1,
            name: "Ada",
            addressLine1: "Street 1",
            addressLine2: "c/o B",
            postalCode: "11122",
            city: "Stockholm",
            countryCode: "SE",
            email: "ada@example.com",
          },
        },
      ]));
  it("rejects a country code that is not ISO 3166-1", () =>
    given([created(), delivery])
      .when({ type: "setDeliveryAddress", deliveryId: D1, ...address, countryCode: "XX" })
      .thenRejects("VALIDATION_FAILED", "countryCode"));
  it("rejects an address for an unknown delivery", () =>
    given([created(), delivery])
      .when({ type: "setDeliveryAddress", deliveryId: D2, ...address })
      .thenRejects("NOT_FOUND"));
  it("removes an empty delivery but not one with lines", () => {
    given([created(), delivery])
      .when({ type: "removeDelivery", deliveryId: D1 })
      .then([{ type: "DeliveryRemoved", data: { deliveryId: D1 } }]);
    given([created(), delivery, line]).when({ type: "removeDelivery", deliveryId: D1 }).thenRejects("INVALID_STATE");
  });
});

describe("order decider: lines", () => {
  const create = {
    type: "createOrderLine" as const,
    orderLineId: "l2",
    deliveryId: D1,
    productNumber: "P-2",
    description: "Plate",
    quantity: 3,
    unitPrice: 12.5,
  };
  it("creates a line with exact prices and its skus", () =>
    given([created(), delivery])
      .when({ ...create, image: "https://x/p.png", taxFactor: 0.12, skus: { a: 2 } })
      .then([
        {
          type: "OrderLineCreated",
          data: {
            orderLineId: "l2",
            deliveryId: D1,
            productNumber: "P-2",
            description: "Plate",
            image: "https://x/p.png",
            quantity: 3,
            unitPrice: "12.50",
            taxFactor: "0.12",
            skus: { a: 2 },
          },
        },
      ]));
  it("rejects a line for an unknown delivery", () =>
    given([created()]).when(create).thenRejects("NOT_FOUND", "Delivery"));
  it("rejects a duplicate line id", () =>
    given([created(), delivery, line])
      .when({ ...create, orderLineId: "l1" })
      .thenRejects("CONFLICT"));
  it.each([0, -1, 1.5])("rejects the quantity %s", (quantity) =>
    given([created(), delivery])
      .when({ ...create, quantity })
      .thenRejects("VALIDATION_FAILED", "quantity"),
  );
  it("rejects a sku quantity of 0", () =>
    given([created(), delivery])
      .when({ ...create, skus: { a: 0 } })
      .thenRejects("VALIDATION_FAILED", "skus.a"));
  it("rejects a negative price and a tax factor given as a percentage", () => {
    given([created(), delivery])
      .when({ ...create, unitPrice: -5 })
      .thenRejects("VALIDATION_FAILED", "unitPrice");
    given([created(), delivery])
      .when({ ...create, taxFactor: 25 })
      .thenRejects("VALIDATION_FAILED", "taxFactor");
  });
  it("sets a sales tax override", () =>
    given([created(), delivery, line])
      .when({ type: "setOrderLineTax", orderLineId: "l1", salesTax: 20 })
      .then([{ type: "OrderLineSalesTaxSet", data: { orderLineId: "l1", salesTax: "20.00" } }]));
  it("changes a quantity, and does nothing when it is unchanged", () => {
    given([created(), delivery, line])
      .when({ type: "changeOrderLineQuantity", orderLineId: "l1", quantity: 5 })
      .then([{ type: "OrderLineQuantityChanged", data: { orderLineId: "l1", quantity: 5 } }]);
    given([created(), delivery, line])
      .when({ type: "changeOrderLineQuantity", orderLineId: "l1", quantity: 2 })
      .then([]);
    given([created(), delivery, line])
      .when({ type: "changeOrderLineQuantity", orderLineId: "l1", quantity: 0 })
      .thenRejects("VALIDATION_FAILED");
  });
  it("removes a line, and rejects an unknown one", () => {
    given([created(), delivery, line])
      .when({ type: "removeOrderLine", orderLineId: "l1" })
      .then([{ type: "OrderLineRemoved", data: { orderLineId: "l1" } }]);
    given([created(), delivery]).when({ type: "removeOrderLine", orderLineId: "l1" }).thenRejects("NOT_FOUND");
  });
  it("applies a default tax only to a line that has none", () => {
    const untaxed: OrderEvent = {
      type: "OrderLineCreated",
      data: { ...(line.data as Extract<OrderEvent, { type: "OrderLineCreated" }>["data"]), taxFactor: null },
    };
    given([created(), delivery, untaxed])
      .when({ type: "applyDefaultTax", orderLineId: "l1", taxFactor: "0.25" })
      .then([{ type: "OrderLineTaxFactorDefaulted", data: { orderLineId: "l1", taxFactor: "0.25" } }]);
    given([created(), delivery, line]).when({ type: "applyDefaultTax", orderLineId: "l1", taxFactor: "0.12" }).then([]);
  });
});

describe("order decider: cancellation", () => {
  it("cancels at the command's time and refuses changes afterwards", () => {
    given([created()])
      .when({ type: "cancelOrder", reason: "customer" })
      .then([{ type: "OrderCancelled", data: { cancelledAt: "2026-01-02T03:04:05.000Z", reason: "customer" } }]);
    const cancelled: OrderEvent = {
      type: "OrderCancelled",
      data: { cancelledAt: "2026-01-02T03:04:05.000Z", reason: null },
    };
    given([created(), cancelled]).when({ type: "createDelivery", deliveryId: D1 }).thenRejects("INVALID_STATE");
    given([created(), cancelled]).when({ type: "cancelOrder" }).thenRejects("INVALID_STATE");
  });
  it("is pure: the same input gives the same events", () => {
    const a = given([created(), delivery])
      .when({ type: "setShippingPrice", deliveryId: D1, shippingPrice: 5 })
      .events();
    const b = given([created(), delivery])
      .when({ type: "setShippingPrice", deliveryId: D1, shippingPrice: 5 })
      .events();
    expect(a).toEqual(b);
  });
});
