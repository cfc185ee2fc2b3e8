import { describe, expect, it } from "vitest";
import { fold } from "../testing/given.ts";
import type { OrderEvent } from "./events.ts";
import { orderView } from "./view.ts";

const D1 = "0190a000-0000-7000-8000-000000000001";
const D2 = "0190a000-0000-7000-8000-000000000002";
const order = (currencyCode: string, taxIncluded: boolean): OrderEvent => ({
  type: "OrderCreated",
  data: { orderNumber: "T", createdAt: "2026-01-01T00:00:00.000Z", currencyCode, taxIncluded, channelKey: null },
});
const delivery = (deliveryId: string, shippingPrice: string | null = null): OrderEvent => ({
  type: "DeliveryCreated",
  data: { deliveryId, shippingPrice },
});
const line = (
  orderLineId: string,
  quantity: number,
  unitPrice: string,
  taxFactor: string | null,
  deliveryId = D1,
): OrderEvent => ({
  type: "OrderLineCreated",
  data: {
    orderLineId,
    deliveryId,
    productNumber: "P",
    description: "",
    image: null,
    quantity,
    unitPrice,
    taxFactor,
    skus: {},
  },
});

describe("order totals", () => {
  it("splits tax out of gross prices when taxIncluded", () => {
    const v = orderView(fold([order("SEK", true), delivery(D1, "49.00"), line("a", 2, "99.50", "0.25")]))!;
    expect(v.orderLines[0]!.totals).toEqual({ amount: "199.00", net: "159.20", tax: "39.80", gross: "199.00" });
    expect(v.deliveries[0]!.totals).toEqual({ net: "208.20", tax: "39.80", gross: "248.00", shipping: "49.00" });
    expect(v.totals).toEqual({ net: "208.20", tax: "39.80", gross: "248.00", shipping: "49.00" });
  });

  it("adds tax on top of net prices when not taxIncluded", () => {
    const v = orderView(fold([order("EUR", false), delivery(D1), line("a", 3, "0.10", "0.19")]))!;
    // 0.30 × 0.19 = 0.057 → 0.06 (half away from zero)
    expect(v.orderLines[0]!.totals).toEqual({ amount: "0.30", net: "0.30", tax: "0.06", gross: "0.36" });
  });

  it("never drifts where floats would: 0.1 × 3 lines of 0.2", () => {
    const v = orderView(
      fold([
        order("USD", false),
        delivery(D1),
        line("a", 1, "0.10", null),
        line("b", 1, "0.20", null),
        line("c", 1, "0.70", "0"),
      ]),
    )!;
    expect(v.totals).toMatchObject({ net: "1.00", tax: "0.00", gross: "1.00" });
  });

  it("rounds each line half away from zero in the currency's minor unit", () => {
    // 100 × 0.125 / 1.125 = 11.111… → 11 (JPY has no minor unit)
    const jpy = orderView(fold([order("JPY", true), delivery(D1), line("a", 1, "100", "0.125")]))!;
    expect(jpy.orderLines[0]!.totals).toEqual({ amount: "100", net: "89", tax: "11", gross: "100" });
    // KWD has 3 digits: 1.005 × 0.5 = 0.5025 → 0.503
    const kwd = orderView(fold([order("KWD", false), delivery(D1), line("a", 1, "1.005", "0.5")]))!;
    expect(kwd.orderLines[0]!.totals).toEqual({ amount: "1.005", net: "1.005", tax: "0.503", gross: "1.508" });
  });

  it("lets a sales tax override the rate", () => {
    const v = orderView(
      fold([
        order("SEK", true),
        delivery(D1),
        line("a", 1, "100.00", "0.25"),
        { type: "OrderLineSalesTaxSet", data: { orderLineId: "a", salesTax: "6.00" } },
      ]),
    )!;
    expect(v.orderLines[0]!.totals).toEqual({ amount: "100.00", net: "94.00", tax: "6.00", gross: "100.00" });
    const net = orderView(
      fold([
        order("SEK", false),
        delivery(D1),
        line("a", 1, "100.00", null),
        { type: "OrderLineSalesTaxSet", data: { orderLineId: "a", salesTax: "6.00" } },
      ]),
    )!;
    expect(net.orderLines[0]!.totals).toEqual({ amount: "100.00", net: "100.00", tax: "6.00", gross: "106.00" });
  });

  it("sums deliveries into the order and follows quantity changes and removals", () => {
    const v = orderView(
      fold([
        order("SEK", true),
        delivery(D1, "10.00"),
        delivery(D2, "20.00"),
        line("a", 1, "125.00", "0.25"),
        line("b", 4, "10.00", "0.12", D2),
        line("c", 1, "999.00", "0.25", D2),
        { type: "OrderLineQuantityChanged", data: { orderLineId: "b", quantity: 2 } },
        { type: "OrderLineRemoved", data: { orderLineId: "c" } },
      ]),
    )!;
    expect(v.deliveries.map((d) => d.totals.gross)).toEqual(["135.00", "40.00"]);
    // tax: 125 × .25/1.25 = 25.00; 20 × .12/1.12 = 2.142… → 2.14
    expect(v.totals).toEqual({ net: "147.86", tax: "27.14", gross: "175.00", shipping: "30.00" });
  });

  it("is exact beyond 2^53 minor units", () => {
    const v = orderView(fold([order("USD", false), delivery(D1), line("a", 1_000_000, "99999999999.99", "0.1")]))!;
    expect(v.totals).toMatchObject({
      net: "99999999999990000.00",
      tax: "9999999999999000.00",
      gross: "109999999999989000.00",
    });
  });
});
