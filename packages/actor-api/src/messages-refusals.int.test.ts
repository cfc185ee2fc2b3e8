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

const { post } = messageRequests(() => t);

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
