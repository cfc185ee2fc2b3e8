import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { json } from "@platform/actor-api/testing";
import { orderBody } from "./testing/fixtures.ts";
import { orderRequests, startOrdersPlatform } from "./orders-fixture.ts";

let t: TestPlatform;
beforeAll(async () => {
  t = await startOrdersPlatform();
});
afterAll(() => t.close());

const { create, list } = orderRequests(() => t);

describe("default tax rule", () => {
  it("taxes a line created without a tax in the same atomic batch, by the delivery's country", async () => {
    const body = orderBody("R-1", { currencyCode: "EUR" });
    const commands = body.commands.map((c) =>
      c.type === "setDeliveryAddress"
        ? { ...c, countryCode: "DE" }
        : c.type === "createOrderLine"
          ? { ...c, taxFactor: undefined }
          : c,
    );
    const r = await create({ ...body, commands });
    expect(r.results[0].events.map((e: { type: string }) => e.type)).toEqual([
      "OrderCreated",
      "DeliveryCreated",
      "DeliveryAddressSet",
      "OrderLineCreated",
      "OrderLineTaxFactorDefaulted",
    ]);
    expect(r.state.orderLines[0]).toMatchObject({
      taxFactor: "0.19",
      taxSource: "default",
      totals: { gross: "199.00", tax: "31.77" },
    });
    expect((await list("?orderNumber=R-1")).orders[0].totals).toEqual({ net: "216.23", tax: "31.77", gross: "248.00" });
  });

  it("leaves a line with its own tax factor alone, and a line in a rejected batch leaves nothing", async () => {
    const r = await create(orderBody("R-2"));
    expect(r.results[0].events.map((e: { type: string }) => e.type)).not.toContain("OrderLineTaxFactorDefaulted");
    const d = r.state.deliveries[0].deliveryId;
    const bad = await t.request("POST", "/resources/actors/order/R-2", {
      token: "admin",
      body: [
        {
          type: "applyCommands",
          body: {
            commands: [
              {
                type: "createOrderLine",
                orderLineId: "x",
                deliveryId: d,
                productNumber: "P",
                description: "",
                quantity: 1,
                unitPrice: 5,
              },
              { type: "removeOrderLine", orderLineId: "nope" },
            ],
          },
        },
      ],
    });
    expect(bad.status).toBe(422);
    expect((await json(await t.request("GET", "/resources/actors/order/R-2", { token: "admin" }))).actor.version).toBe(
      4,
    );
  });

  it("runs in previews as well, storing nothing", async () => {
    const body = orderBody("R-3");
    const commands = body.commands.map((c) => (c.type === "createOrderLine" ? { ...c, taxFactor: undefined } : c));
    const r = await json(
      await t.request("POST", "/resources/actors/order/new?preview", {
        token: "admin",
        body: [{ type: "create", body: { ...body, commands } }],
      }),
    );
    expect(r.state.orderLines[0]).toMatchObject({ taxFactor: "0.25", taxSource: "default" });
    expect((await list("?orderNumber=R-3")).totalCount).toBe(0);
  });
});

describe("validation through the API", () => {
  const send = async (body: unknown) =>
    json(await t.request("POST", "/resources/actors/order/new", { token: "admin", body: [{ type: "create", body }] }));
  const withCommand = (i: number, patch: Record<string, unknown>) => {
    const b = orderBody("V-1");
    return { ...b, commands: b.commands.map((c, j) => (j === i ? { ...c, ...patch } : c)) };
  };

  it("rejects bad codes and quantities as COMMAND_REJECTED naming the index in the body's commands", async () => {
    expect((await send(withCommand(1, { countryCode: "SWE" }))).results[0].error).toMatchObject({
      code: "COMMAND_REJECTED",
      details: { commandIndex: 1, command: "setDeliveryAddress", reason: "VALIDATION_FAILED" },
    });
    expect((await send(withCommand(2, { quantity: -3 }))).results[0].error.details).toMatchObject({
      commandIndex: 2,
      command: "createOrderLine",
      details: [{ path: "quantity" }],
    });
    expect((await send(withCommand(0, { deliveryId: "not-a-uuid" }))).results[0].error.details).toMatchObject({
      commandIndex: 0,
      command: "createDelivery",
    });
  });

  it("rejects a bad order field of create without a commandIndex, naming the field", async () => {
    const currency = (await send({ ...orderBody("V-1"), currencyCode: "EURO" })).results[0].error;
    expect(currency).toMatchObject({
      code: "COMMAND_REJECTED",
      details: { field: "currencyCode", reason: "VALIDATION_FAILED" },
    });
    expect(currency.details).not.toHaveProperty("commandIndex");
    expect((await send({ ...orderBody("V-1"), orderNumber: "new" })).results[0].error.details).toMatchObject({
      field: "orderNumber",
      reason: "VALIDATION_FAILED",
    });
    expect((await list("?orderNumber=V-1")).totalCount).toBe(0);
  });

  it("numbers commands the same way in create and applyCommands", async () => {
    const o = await create(orderBody("V-2"));
    const d = o.state.deliveries[0].deliveryId;
    const cmds = [
      { type: "setShippingPrice", deliveryId: d, shippingPrice: 1 },
      { type: "removeOrderLine", orderLineId: "nope" },
    ];
    const applied = await json(
      await t.request("POST", "/resources/actors/order/V-2", {
        token: "admin",
        body: [{ type: "applyCommands", body: { commands: cmds } }],
      }),
    );
    const created = await send({
      ...orderBody("V-3"),
      commands: [
        { type: "createDelivery", deliveryId: d },
        { type: "removeOrderLine", orderLineId: "nope" },
      ],
    });
    expect(applied.results[0].error.details).toEqual({
      commandIndex: 1,
      command: "removeOrderLine",
      reason: "NOT_FOUND",
    });
    expect(created.results[0].error.details).toEqual({
      commandIndex: 1,
      command: "removeOrderLine",
      reason: "NOT_FOUND",
    });
  });

  it("refuses wrongly typed or unknown fields as VALIDATION_FAILED naming the path", async () => {
    const typed = await send(withCommand(2, { quantity: "2" }));
    expect(typed.results[0].error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "body.commands.2.quantity" }],
    });
    const extra = await send(withCommand(2, { colour: "blue" }));
    expect(extra.results[0].error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "body.commands.2.colour" }],
    });
    const unknownCommand = await send({ ...orderBody("V-1"), commands: [{ type: "explode" }] });
    expect(unknownCommand.results[0].error.code).toBe("VALIDATION_FAILED");
    expect((await list("?orderNumber=V-1")).totalCount).toBe(0);
  });
});
