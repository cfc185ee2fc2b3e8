import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { orderBody } from "@platform/orders/testing";
import { json } from "./testing/harness.ts";
import { messageRequests, startMessagesPlatform } from "./messages-fixture.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await startMessagesPlatform();
});
afterAll(() => t.close());

const { post, journalOf, create } = messageRequests(() => t);

describe("POST /resources/actors/{type}/{id}", () => {
  it("creates an order through `new` and answers with its identifiers, events and state (200)", async () => {
    const { status, body } = await create("A-1");
    expect(status).toBe(200);
    expect(body.actor).toEqual({
      type: "order",
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      identifiers: { orderId: body.actor.id, orderNumber: "A-1" },
      version: 4,
    });
    expect(body.results).toEqual([
      {
        type: "create",
        ok: true,
        events: [
          { type: "OrderCreated", version: 1 },
          { type: "DeliveryCreated", version: 2 },
          { type: "DeliveryAddressSet", version: 3 },
          { type: "OrderLineCreated", version: 4 },
        ],
      },
    ]);
    expect(body.preview).toBe(false);
    expect(body.state).toMatchObject({
      orderNumber: "A-1",
      currencyCode: "SEK",
      status: "open",
      totals: { net: "208.20", tax: "39.80", gross: "248.00", shipping: "49.00" },
    });
  });

  it("addresses one order by its UUID and by its order number", async () => {
    const { body } = await create("A-2");
    const byKey = await json(await t.request("GET", "/resources/actors/order/A-2", { token: "admin" }));
    const byId = await json(await t.request("GET", `/resources/actors/order/${body.actor.id}`, { token: "admin" }));
    expect(byKey).toEqual(byId);
    expect(byKey.actor.identifiers).toEqual({ orderId: body.actor.id, orderNumber: "A-2" });
    const viaKey = await post("order/A-2", [
      { type: "applyCommands", body: { commands: [{ type: "cancelOrder", reason: "test" }] } },
    ]);
    expect(viaKey.status).toBe(200);
    expect((await json(viaKey)).actor.id).toBe(body.actor.id);
  });

  it("creates with a client-chosen UUID, and refuses a second create on it", async () => {
    const id = "0190f000-0000-7000-8000-00000000abcd";
    expect((await post(`order/${id}`, [{ type: "create", body: orderBody("A-3") }])).status).toBe(200);
    const again = await post(`order/${id}`, [{ type: "create", body: orderBody("A-3b") }]);
    expect(again.status).toBe(422);
    expect((await json(again)).results[0].error).toEqual({
      code: "COMMAND_REJECTED",
      message: "The order already exists",
      details: { reason: "CONFLICT" },
    });
  });

  it("answers 207 for mixed outcomes and 422 when nothing succeeded, processing every message in order", async () => {
    const { body } = await create("A-4");
    const d = body.state.deliveries[0].deliveryId;
    const line = (orderLineId: string, quantity: number) => ({
      type: "createOrderLine",
      orderLineId,
      deliveryId: d,
      productNumber: "P",
      description: "x",
      quantity,
      unitPrice: 10,
      taxFactor: 0.25,
    });
    const mixed = await post(`order/${body.actor.id}`, [
      { type: "applyCommands", body: { commands: [line("l2", 1)] } },
      { type: "applyCommands", body: { commands: [line("l3", 1), line("l4", 0)] } },
      {
        type: "applyCommands",
        body: { commands: [{ type: "changeOrderLineQuantity", orderLineId: "l2", quantity: 3 }] },
      },
    ]);
    expect(mixed.status).toBe(207);
    const m = await json(mixed);
    expect(m.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, true]);
    expect(m.results[1].error).toMatchObject({
      code: "COMMAND_REJECTED",
      details: { commandIndex: 1, command: "createOrderLine", reason: "VALIDATION_FAILED" },
    });
    expect(
      m.state.orderLines.map((l: { orderLineId: string; quantity: number }) => [l.orderLineId, l.quantity]),
    ).toEqual([
      ["line-1", 2],
      ["l2", 3],
    ]);
    const none = await post(`order/${body.actor.id}`, [{ type: "applyCommands", body: { commands: [line("l2", 1)] } }]);
    expect(none.status).toBe(422);
    expect((await json(none)).results[0].error).toMatchObject({
      code: "COMMAND_REJECTED",
      details: { commandIndex: 0, reason: "CONFLICT" },
    });
  });

  it("rejects a whole failing batch and changes nothing, naming the command's index", async () => {
    const { body } = await create("A-5");
    const before = await journalOf(body.actor.id);
    const d = body.state.deliveries[0].deliveryId;
    const r = await post(`order/${body.actor.id}`, [
      {
        type: "applyCommands",
        body: {
          commands: [
            { type: "setShippingPrice", deliveryId: d, shippingPrice: 0 },
            { type: "createDelivery", deliveryId: "0190f000-0000-7000-8000-0000000000d2" },
            {
              type: "setDeliveryAddress",
              deliveryId: "0190f000-0000-7000-8000-0000000000d2",
              name: "B",
              addressLine1: "x",
              postalCode: "1",
              city: "c",
              countryCode: "QQ",
            },
          ],
        },
      },
    ]);
    expect(r.status).toBe(422);
    const out = await json(r);
    expect(out.results[0].error.details).toMatchObject({
      commandIndex: 2,
      command: "setDeliveryAddress",
      reason: "VALIDATION_FAILED",
    });
    expect(await journalOf(body.actor.id)).toEqual(before);
    expect(out.state.deliveries).toHaveLength(1);
    expect(out.state.deliveries[0].shippingPrice).toBe("49.00");
  });

  it("works for every registered actor type", async () => {
    const r = await post("tally/new", [{ type: "open", body: { name: "t1", add: [2, 3] } }]);
    expect(r.status).toBe(200);
    expect((await json(r)).state).toMatchObject({ name: "t1", total: 5 });
    expect((await json(await t.request("GET", "/resources/actors/tally/t1", { token: "admin" }))).state).toMatchObject({
      total: 5,
    });
  });
});
