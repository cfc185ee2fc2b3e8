import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { actorsTestPlatform, json } from "./testing/harness.ts";

let t: TestPlatform;
let orderId: string;
let deliveryId: string;
beforeAll(async () => {
  t = await actorsTestPlatform([ordersContext]);
  const r = await t.request("POST", "/resources/actors/order/new", {
    token: "admin",
    body: [{ type: "create", body: orderBody("J-1") }],
    headers: { "X-Request-Id": "req-create", "X-Correlation-Id": "corr-1" },
  });
  const body = await json(r);
  orderId = body.actor.id;
  deliveryId = body.state.deliveries[0].deliveryId;
  for (let i = 0; i < 3; i++)
    await t.request("POST", `/resources/actors/order/${orderId}`, {
      token: "admin",
      body: [
        { type: "applyCommands", body: { commands: [{ type: "setShippingPrice", deliveryId, shippingPrice: i + 1 }] } },
      ],
      headers: { "X-Request-Id": `req-${i}`, "X-Causation-Id": "job-7" },
    });
});
afterAll(() => t.close());

const journal = async (query = "") =>
  json(await t.request("GET", `/resources/actors/order/${orderId}/journal${query}`, { token: "admin" }));

describe("GET /resources/actors/{type}/{id}/journal", () => {
  it("lists every event in order with its global position, data and metadata", async () => {
    const j = await journal();
    expect(j.totalCount).toBe(7);
    expect(j.events.map((e: { type: string; version: number }) => [e.version, e.type])).toEqual([
      [1, "OrderCreated"],
      [2, "DeliveryCreated"],
      [3, "DeliveryAddressSet"],
      [4, "OrderLineCreated"],
      [5, "ShippingPriceSet"],
      [6, "ShippingPriceSet"],
      [7, "ShippingPriceSet"],
    ]);
    const positions = j.events.map((e: { globalPosition: number }) => e.globalPosition);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(j.events[0].data).toEqual({
      orderNumber: "J-1",
      createdAt: "2026-03-01T12:00:00.000Z",
      currencyCode: "SEK",
      taxIncluded: true,
      channelKey: null,
    });
    expect(j.events[4].data).toEqual({ deliveryId, shippingPrice: "1.00" });
  });

  it("records who, which session and request, and the causal chain", async () => {
    const j = await journal();
    const [created, , , , changed] = j.events;
    expect(created.metadata).toEqual({
      at: expect.any(String),
      principalId: "p-admin",
      sessionId: "session-admin",
      requestId: "req-create",
      correlationId: "corr-1",
      causationId: "req-create",
    });
    expect(changed.metadata).toEqual({
      at: expect.any(String),
      principalId: "p-admin",
      sessionId: "session-admin",
      requestId: "req-0",
      correlationId: "req-0",
      causationId: "job-7",
    });
    expect(Date.parse(created.metadata.at)).not.toBeNaN();
  });

  it("pages forward and back with opaque cursors", async () => {
    const first = await journal("?limit=3");
    expect(first.events.map((e: { version: number }) => e.version)).toEqual([1, 2, 3]);
    expect(first.totalCount).toBe(7);
    const second = await journal(`?limit=3&after=${first.lastCursor}`);
    expect(second.events.map((e: { version: number }) => e.version)).toEqual([4, 5, 6]);
    const third = await journal(`?limit=3&after=${second.lastCursor}`);
    expect(third.events.map((e: { version: number }) => e.version)).toEqual([7]);
    const back = await journal(`?limit=2&before=${second.firstCursor}`);
    expect(back.events.map((e: { version: number }) => e.version)).toEqual([2, 3]);
    const empty = await journal(`?after=${third.lastCursor}`);
    expect(empty).toEqual({ events: [], totalCount: 7, firstCursor: null, lastCursor: null });
  });

  it("400s a bad limit or cursor", async () => {
    expect(
      (await t.request("GET", `/resources/actors/order/${orderId}/journal?limit=101`, { token: "admin" })).status,
    ).toBe(400);
    expect(
      (await t.request("GET", `/resources/actors/order/${orderId}/journal?after=zzz`, { token: "admin" })).status,
    ).toBe(400);
  });

  it("answers GET on the actor with its identifiers, version and state", async () => {
    const r = await json(await t.request("GET", "/resources/actors/order/J-1", { token: "admin" }));
    expect(r.actor).toEqual({ type: "order", id: orderId, identifiers: { orderId, orderNumber: "J-1" }, version: 7 });
    expect(r.state.deliveries[0].shippingPrice).toBe("3.00");
    expect(r.state.totals).toMatchObject({ gross: "202.00", shipping: "3.00" });
  });

  it(
    "answers the state as of any version with ?version=N (replayed from the journal), and 400s " +
      "a version it does not have",
    async () => {
      const at = async (v: string, token = "admin") =>
        t.request("GET", `/resources/actors/order/${orderId}?version=${v}`, { token });
      const first = await json(await at("1"));
      expect(first.actor).toEqual({
        type: "order",
        id: orderId,
        identifiers: { orderId, orderNumber: "J-1" },
        version: 1,
      });
      expect(first.state.deliveries).toEqual([]);
      const fifth = await json(await at("5", "reader"));
      expect(fifth.actor.version).toBe(5);
      expect(fifth.state.deliveries[0].shippingPrice).toBe("1.00");
      expect((await json(await at("6"))).state.deliveries[0].shippingPrice).toBe("2.00");
      const latest = await json(await t.request("GET", `/resources/actors/order/${orderId}`, { token: "admin" }));
      expect(await json(await at("7"))).toEqual(latest);
      for (const bad of ["0", "8", "-1", "1.5", "x", "", "01", "99999999999999999999"]) {
        const r = await at(bad);
        expect(r.status, bad).toBe(400);
        expect((await json(r)).error).toMatchObject({
          code: "VALIDATION_FAILED",
          details: [{ path: "version", message: "a whole number from 1 to 7" }],
        });
      }
      expect((await at("3", "nobody")).status).toBe(403);
    },
  );
});
