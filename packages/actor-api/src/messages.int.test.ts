import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { actorsTestPlatform, json } from "./testing/harness.ts";
import { tallyContext } from "./testing/tally-context.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await actorsTestPlatform([ordersContext, tallyContext]);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token = "admin", headers: Record<string, string> = {}) =>
  t.request("POST", `/resources/actors/${path}`, { token, body, headers });
const journalOf = async (orderId: string) =>
  (await json(await t.request("GET", `/resources/actors/order/${orderId}/journal`, { token: "admin" }))).events as {
    type: string;
    version: number;
  }[];
const create = async (orderNumber: string, over: Record<string, unknown> = {}) => {
  const r = await post("order/new", [{ type: "create", body: orderBody(orderNumber, over) }]);
  return { status: r.status, body: await json(r) };
};

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

  it(
    "reports a failing commands[i] of create as commandIndex i, and a bad order field as " +
      "`field` without commandIndex",
    async () => {
      const bad = await create("A-6", { currencyCode: "ZZZ" });
      expect(bad.status).toBe(422);
      expect(bad.body.results[0].error).toEqual({
        code: "COMMAND_REJECTED",
        message: "currencyCode must be an ISO 4217 currency code",
        details: {
          field: "currencyCode",
          reason: "VALIDATION_FAILED",
          details: [{ path: "currencyCode", message: "must be an ISO 4217 currency code" }],
        },
      });
      expect(bad.body.state).toBeNull();
      expect((await create("A-6", { createdAt: "yesterday" })).body.results[0].error.details).toMatchObject({
        field: "createdAt",
        reason: "VALIDATION_FAILED",
      });
      const badLine = await create("A-6", {
        commands: [
          {
            type: "createOrderLine",
            orderLineId: "x",
            deliveryId: "0190f000-0000-7000-8000-0000000000ff",
            productNumber: "P",
            description: "",
            quantity: 1,
            unitPrice: 1,
          },
        ],
      });
      expect(badLine.body.results[0].error.details).toEqual({
        commandIndex: 0,
        command: "createOrderLine",
        reason: "NOT_FOUND",
      });
      expect((await t.request("GET", "/resources/actors/order/A-6", { token: "admin" })).status).toBe(404);
    },
  );

  it(
    "reports a taken orderNumber as COMMAND_REJECTED naming the field, in a preview too, and " + "stores nothing",
    async () => {
      await create("A-8");
      const expected = {
        code: "COMMAND_REJECTED",
        message: "orderNumber 'A-8' is already in use",
        details: { field: "orderNumber", reason: "CONFLICT" },
      };
      const dup = await create("A-8");
      expect(dup.status).toBe(422);
      expect(dup.body.results[0].error).toEqual(expected);
      expect(dup.body.state).toBeNull();
      const previewed = await t.request("POST", "/resources/actors/order/new?preview", {
        token: "admin",
        body: [{ type: "create", body: orderBody("A-8") }],
      });
      expect(previewed.status).toBe(422);
      expect((await json(previewed)).results[0].error).toEqual(expected);
      expect(
        (await json(await t.request("GET", "/resources/orders?orderNumber=A-8", { token: "admin" }))).totalCount,
      ).toBe(1);
    },
  );

  it("previews a chain of messages and stores nothing", async () => {
    const { body } = await create("A-7");
    const d = body.state.deliveries[0].deliveryId;
    const r = await t.request("POST", `/resources/actors/order/${body.actor.id}?preview`, {
      token: "admin",
      body: [
        { type: "applyCommands", body: { commands: [{ type: "setShippingPrice", deliveryId: d, shippingPrice: 0 }] } },
        { type: "applyCommands", body: { commands: [{ type: "cancelOrder" }] } },
      ],
    });
    expect(r.status).toBe(200);
    const p = await json(r);
    expect(p).toMatchObject({
      preview: true,
      actor: { version: 6 },
      state: { status: "cancelled", totals: { gross: "199.00" } },
    });
    expect(p.results.map((x: { events: { version: number }[] }) => x.events[0]!.version)).toEqual([5, 6]);
    expect(await journalOf(body.actor.id)).toHaveLength(4);
    const [row] = (await json(await t.request("GET", "/resources/orders?orderNumber=A-7", { token: "admin" }))).orders;
    expect(row).toMatchObject({ version: 4, status: "open", totals: { gross: "248.00" } });
    expect(
      (await json(await t.request("GET", `/resources/actors/order/${body.actor.id}`, { token: "admin" }))).actor
        .version,
    ).toBe(4);
    const created = await t.request("POST", "/resources/actors/order/new?preview", {
      token: "admin",
      body: [{ type: "create", body: orderBody("A-7-ghost") }],
    });
    expect((await json(created)).state).toMatchObject({ orderNumber: "A-7-ghost" });
    expect((await t.request("GET", "/resources/actors/order/A-7-ghost", { token: "admin" })).status).toBe(404);
    expect(
      (await json(await t.request("GET", "/resources/orders?orderNumber=A-7-ghost", { token: "admin" }))).totalCount,
    ).toBe(0);
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

describe("refusals before anything runs", () => {
  it("404s an unknown type, an unknown key and an unknown UUID", async () => {
    expect((await post("invoice/new", [{ type: "create", body: {} }])).status).toBe(404);
    expect((await post("order/NO-SUCH", [{ type: "applyCommands", body: { commands: [] } }])).status).toBe(404);
    const r = await post("order/0190f000-0000-7000-8000-00000000dead", [
      { type: "applyCommands", body: { commands: [{ type: "cancelOrder" }] } },
    ]);
    expect(r.status).toBe(404);
    expect(await json(r)).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(
      (await post("order/0190f000-0000-7000-8000-00000000dead", [{ type: "applyCommands", body: { commands: [] } }]))
        .status,
    ).toBe(404);
    const badCreate = await post("order/0190f000-0000-7000-8000-00000000dead", [
      {
        type: "create",
        body: orderBody("A-404", {
          commands: [{ type: "removeDelivery", deliveryId: "0190f000-0000-7000-8000-0000000000ff" }],
        }),
      },
    ]);
    expect(badCreate.status).toBe(422);
    expect((await json(badCreate)).results[0].error.details).toMatchObject({ commandIndex: 0, reason: "NOT_FOUND" });
    expect((await t.request("GET", "/resources/actors/order/new", { token: "admin" })).status).toBe(404);
    expect(
      (
        await t.request("GET", "/resources/actors/order/0190f000-0000-7000-8000-00000000dead/journal", {
          token: "admin",
        })
      ).status,
    ).toBe(404);
  });

  it.each([
    ["an object", { type: "create", body: {} }],
    ["an empty array", []],
    ["a message without type", [{ body: {} }]],
    ["a message with extra fields", [{ type: "create", body: {}, x: 1 }]],
    ["a body that is no object", [{ type: "create", body: [1] }]],
    ["an unknown message type", [{ type: "explode", body: {} }]],
  ])("400s %s", async (_what, body) => {
    const r = await post("order/new", body);
    expect(r.status).toBe(400);
    expect((await json(r)).error.code).toBe("VALIDATION_FAILED");
  });

  it("400s malformed JSON and 415s a body that is not JSON", async () => {
    expect(
      (
        await t.request("POST", "/resources/actors/order/new", {
          token: "admin",
          raw: "[{",
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request("POST", "/resources/actors/order/new", {
          token: "admin",
          raw: "x",
          headers: { "Content-Type": "text/plain" },
        })
      ).status,
    ).toBe(415);
  });

  it("401s a request without a token", async () => {
    expect((await t.request("POST", "/resources/actors/order/new", { body: [] })).status).toBe(401);
  });
});
