import type { TestPlatform } from "@platform/http/testing";
import { actorsTestPlatform, json } from "@platform/actor-api/testing";
import { ordersContext } from "./index.ts";

/** What the orders API tests share: a platform with the orders context, and requests to it. */
export const startOrdersPlatform = (): Promise<TestPlatform> => actorsTestPlatform([ordersContext]);

/** A new order and the orders list, on the platform `platform()` answers when called. */
export const orderRequests = (platform: () => TestPlatform) => ({
  create: async (body: unknown) =>
    json(
      await platform().request("POST", "/resources/actors/order/new", {
        token: "admin",
        body: [{ type: "create", body }],
      }),
    ),
  list: async (query: string, token = "admin") =>
    json(await platform().request("GET", `/resources/orders${query}`, { token })),
});

export const numbers = (l: { orders: { orderNumber: string }[] }) => l.orders.map((o) => o.orderNumber);
