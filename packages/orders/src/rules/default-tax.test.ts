import { describe, expect, it } from "vitest";
import type { OrderEvent } from "../order/events.ts";
import { fold, testContext } from "../testing/given.ts";
import { defaultTaxRule } from "./default-tax.ts";

const D1 = "0190a000-0000-7000-8000-000000000001";
const created = (currencyCode: string): OrderEvent => ({
  type: "OrderCreated",
  data: { orderNumber: "1", createdAt: "2026-01-01T00:00:00.000Z", currencyCode, taxIncluded: true, channelKey: null },
});
const delivery: OrderEvent = { type: "DeliveryCreated", data: { deliveryId: D1, shippingPrice: null } };
const address = (countryCode: string): OrderEvent => ({
  type: "DeliveryAddressSet",
  data: {
    deliveryId: D1,
    name: "A",
    addressLine1: "x",
    addressLine2: null,
    postalCode: "1",
    city: "c",
    countryCode,
    email: null,
  },
});
const line = (orderLineId: string, taxFactor: string | null): OrderEvent => ({
  type: "OrderLineCreated",
  data: {
    orderLineId,
    deliveryId: D1,
    productNumber: "P",
    description: "",
    image: null,
    quantity: 1,
    unitPrice: "10.00",
    taxFactor,
    skus: {},
  },
});

const run = (history: OrderEvent[], batch: OrderEvent[]) =>
  defaultTaxRule().handle({
    actorType: "order",
    actorId: "o",
    state: fold([...history, ...batch]),
    events: batch,
    command: testContext(),
  });

describe("default tax rule", () => {
  it("asks for the delivery country's rate for each untaxed line created in the batch", () => {
    expect(run([created("EUR"), delivery], [address("FI"), line("a", null), line("b", "0.1")])).toEqual([
      { type: "applyDefaultTax", orderLineId: "a", taxFactor: "0.255" },
    ]);
  });

  it("falls back to the currency's rate, and to nothing when neither is known", () => {
    expect(run([created("NOK"), delivery], [line("a", null)])).toEqual([
      { type: "applyDefaultTax", orderLineId: "a", taxFactor: "0.25" },
    ]);
    expect(run([created("USD"), delivery], [line("a", null)])).toEqual([]);
  });

  it("ignores lines of earlier batches and lines taxed or removed since", () => {
    expect(run([created("SEK"), delivery, line("old", null)], [line("new", "0.12")])).toEqual([]);
    expect(
      run(
        [created("SEK"), delivery],
        [line("a", null), { type: "OrderLineSalesTaxSet", data: { orderLineId: "a", salesTax: "1.00" } }],
      ),
    ).toEqual([]);
    expect(
      run([created("SEK"), delivery], [line("a", null), { type: "OrderLineRemoved", data: { orderLineId: "a" } }]),
    ).toEqual([]);
  });
});
