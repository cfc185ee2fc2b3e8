import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { json } from "@platform/actor-api/testing";
import { orderBody } from "./testing/fixtures.ts";
import { numbers, orderRequests, startOrdersPlatform } from "./orders-fixture.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await startOrdersPlatform();
  const seed: [string, string, string, string | undefined][] = [
    ["L-1", "2026-01-01T10:00:00Z", "SEK", "web"],
    ["L-2", "2026-01-02T10:00:00Z", "EUR", "web"],
    ["L-3", "2026-01-03T10:00:00Z", "SEK", "store"],
    ["L-4", "2026-01-04T10:00:00Z", "SEK", undefined],
    ["L-5", "2026-01-05T10:00:00Z", "SEK", "web"],
  ];
  for (const [orderNumber, createdAt, currencyCode, channelKey] of seed)
    await create(orderBody(orderNumber, { createdAt, currencyCode, ...(channelKey ? { channelKey } : {}) }));
});
afterAll(() => t.close());

const { create, list } = orderRequests(() => t);

describe("GET /resources/orders", () => {
  it("lists orders newest first in the contract's envelope, with totals, right after the write", async () => {
    const l = await list("?orderNumber=L-1");
    expect(l).toEqual({
      orders: [
        {
          orderId: expect.any(String),
          orderNumber: "L-1",
          createdAt: "2026-01-01T10:00:00.000Z",
          currencyCode: "SEK",
          taxIncluded: true,
          channelKey: "web",
          status: "open",
          lineCount: 1,
          deliveryCount: 1,
          totals: { net: "208.20", tax: "39.80", gross: "248.00" },
          version: 4,
          updatedAt: expect.any(String),
        },
      ],
      totalCount: 1,
      firstCursor: expect.any(String),
      lastCursor: expect.any(String),
    });
    expect(numbers(await list(""))).toEqual(["L-5", "L-4", "L-3", "L-2", "L-1"]);
  });

  it("filters by currency and creation time, and the filters combine", async () => {
    expect(numbers(await list("?currencyCode=eur"))).toEqual(["L-2"]);
    expect(numbers(await list("?createdAfter=2026-01-02T10:00:00Z&createdBefore=2026-01-05T00:00:00Z"))).toEqual([
      "L-4",
      "L-3",
    ]);
    expect(numbers(await list("?currencyCode=SEK&createdBefore=2026-01-03T12:00:00Z"))).toEqual(["L-3", "L-1"]);
  });

  it("pages with cursors and counts every match", async () => {
    const p1 = await list("?limit=2");
    expect([numbers(p1), p1.totalCount]).toEqual([["L-5", "L-4"], 5]);
    const p2 = await list(`?limit=2&after=${p1.lastCursor}`);
    expect(numbers(p2)).toEqual(["L-3", "L-2"]);
    const back = await list(`?limit=2&before=${p2.firstCursor}`);
    expect(numbers(back)).toEqual(["L-5", "L-4"]);
  });

  it("400s bad filters and limits", async () => {
    for (const q of ["?limit=101", "?createdAfter=soon", "?color=red", "?after=nope"])
      expect((await t.request("GET", `/resources/orders${q}`, { token: "admin" })).status).toBe(400);
  });

  it("shows a restricted caller only its channels' orders (none without a channelKey)", async () => {
    const l = await list("", "web");
    expect(numbers(l)).toEqual(["L-5", "L-2", "L-1"]);
    expect(l.totalCount).toBe(3);
  });

  it("follows changes: quantity, cancellation", async () => {
    const o = await create(orderBody("L-6", { createdAt: "2025-12-31T00:00:00Z" }));
    await t.request("POST", `/resources/actors/order/${o.actor.id}`, {
      token: "admin",
      body: [
        {
          type: "applyCommands",
          body: {
            commands: [
              { type: "changeOrderLineQuantity", orderLineId: "line-1", quantity: 4 },
              { type: "cancelOrder" },
            ],
          },
        },
      ],
    });
    const [row] = (await list("?orderNumber=L-6")).orders;
    expect(row).toMatchObject({ status: "cancelled", version: 6, totals: { gross: "447.00", tax: "79.60" } });
  });

  it("follows removals: a line, then its emptied delivery, with exact totals in state and list", async () => {
    const o = await create(orderBody("L-7", { createdAt: "2025-12-30T00:00:00Z" }));
    const d1 = o.state.deliveries[0].deliveryId;
    const d2 = "0190f000-0000-7000-8000-0000000000d7";
    const r = await json(
      await t.request("POST", `/resources/actors/order/${o.actor.id}`, {
        token: "admin",
        body: [
          {
            type: "applyCommands",
            body: {
              commands: [
                { type: "createDelivery", deliveryId: d2, shippingPrice: "10" },
                {
                  type: "createOrderLine",
                  orderLineId: "line-2",
                  deliveryId: d2,
                  productNumber: "P",
                  description: "",
                  quantity: 1,
                  unitPrice: 100,
                  taxFactor: 0.25,
                },
              ],
            },
          },
          { type: "applyCommands", body: { commands: [{ type: "removeDelivery", deliveryId: d1 }] } },
          {
            type: "applyCommands",
            body: {
              commands: [
                { type: "removeOrderLine", orderLineId: "line-1" },
                { type: "removeDelivery", deliveryId: d1 },
              ],
            },
          },
        ],
      }),
    );
    expect(r.results.map((x: { ok: boolean }) => x.ok)).toEqual([true, false, true]);
    expect(r.results[1].error).toMatchObject({
      code: "COMMAND_REJECTED",
      details: { commandIndex: 0, command: "removeDelivery", reason: "INVALID_STATE" },
    });
    expect(r.results[2].events).toEqual([
      { type: "OrderLineRemoved", version: 7 },
      { type: "DeliveryRemoved", version: 8 },
    ]);
    expect(r.state.deliveries.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([d2]);
    expect(r.state.orderLines.map((l: { orderLineId: string }) => l.orderLineId)).toEqual(["line-2"]);
    expect(r.state.totals).toEqual({ net: "90.00", tax: "20.00", gross: "110.00", shipping: "10.00" });
    const [row] = (await list("?orderNumber=L-7")).orders;
    expect(row).toMatchObject({
      version: 8,
      lineCount: 1,
      deliveryCount: 1,
      totals: { net: "90.00", tax: "20.00", gross: "110.00" },
    });
  });
});

// Last: it adds an order the lists above do not expect.
describe("the orders list, an inline projection", () => {
  it("is written by the order's own append: listed with no follower running, and never behind on /readyz", async () => {
    await t.platform.followers.stop();
    try {
      const r = (await create(orderBody("INLINE-1"))) as { results: unknown[] };
      expect(r.results).toEqual([expect.objectContaining({ ok: true })]);
      expect(numbers(await list("?orderNumber=INLINE-1"))).toEqual(["INLINE-1"]);
    } finally {
      t.platform.followers.start();
    }
    const ready = (await json(await t.request("GET", "/readyz"))) as {
      checks: { projections: { followers: unknown[] } };
    };
    expect(ready.checks.projections.followers).toContainEqual(
      expect.objectContaining({ name: "projection:orders", mode: "inline", behind: 0 }),
    );
  });
});
