import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call as send } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { orderBody } from "@platform/orders/testing";
import { appBody, appsTestPlatform, componentSource, install } from "../testing/index.ts";

// Answers whatever ctx.messageActor answered for a create on the given order number.
const recreate = componentSource(
  'return await ctx.messageActor("order", params.orderNumber, [{ type: "create", body: params.order }]);',
  '{ orderNumber: { type: "text" }, order: { type: "object" } }',
);

let t: TestPlatform;
beforeAll(async () => {
  t = await appsTestPlatform();
  await install(
    t,
    appBody("answers", { recreate }, [
      { route: "orders/create-only", acl: ["actors/order:create"] },
      { route: "orders/create-read", acl: ["actors/order:create", "actors/order:read"] },
    ]),
  );
  const created = await t.request("POST", "/resources/actors/order/new", {
    token: "admin",
    body: [{ type: "create", body: orderBody("AS-1") }],
  });
  expect(created.status).toBe(200);
});
afterAll(() => t.close());

const call = (route: string) =>
  send(t, "POST", `/ingress/orders/${route}`, { body: { orderNumber: "AS-1", order: orderBody("AS-1") } });

describe("ctx.messageActor answers", () => {
  it(
    "a message answer shows state only to a reader: an ingress with acl actors/order:create " +
      "gets state null for an existing order",
    async () => {
      const { status, text, body } = await call("create-only");
      expect(status).toBe(200);
      expect(body).toMatchObject({
        actor: { type: "order", identifiers: { orderNumber: "AS-1" }, version: 4 },
        results: [
          { type: "create", ok: false, error: { code: "COMMAND_REJECTED", message: "The order already exists" } },
        ],
        state: null,
        preview: false,
      });
      expect(text).not.toMatch(/Ada Lovelace|Drottninggatan|ada@example\.com/);
    },
  );

  it(
    "a message answer shows state only to a reader: an ingress whose acl also has " +
      "actors/order:read gets the state",
    async () => {
      const { status, body } = await call("create-read");
      expect(status).toBe(200);
      expect(body.state).toMatchObject({
        orderNumber: "AS-1",
        deliveries: [{ address: { name: "Ada Lovelace", email: "ada@example.com" } }],
      });
    },
  );
});
