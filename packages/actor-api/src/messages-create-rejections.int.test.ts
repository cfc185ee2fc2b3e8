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

const { create } = messageRequests(() => t);

describe("POST /resources/actors/{type}/{id}", () => {
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
});
