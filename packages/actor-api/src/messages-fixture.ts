import type { TestPlatform } from "@platform/http/testing";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { actorsTestPlatform, json } from "./testing/harness.ts";
import { tallyContext } from "./testing/tally-context.ts";

/** What the message API tests share: a platform with orders and tallies, and requests to it. */
export const startMessagesPlatform = (): Promise<TestPlatform> => actorsTestPlatform([ordersContext, tallyContext]);

/** Messages to an actor, an order's journal and a new order, on the platform `platform()` answers when called. */
export const messageRequests = (platform: () => TestPlatform) => {
  const post = (path: string, body: unknown, token = "admin", headers: Record<string, string> = {}) =>
    platform().request("POST", `/resources/actors/${path}`, { token, body, headers });
  const journalOf = async (orderId: string) =>
    (await json(await platform().request("GET", `/resources/actors/order/${orderId}/journal`, { token: "admin" })))
      .events as { type: string; version: number }[];
  const create = async (orderNumber: string, over: Record<string, unknown> = {}) => {
    const r = await post("order/new", [{ type: "create", body: orderBody(orderNumber, over) }]);
    return { status: r.status, body: await json(r) };
  };
  return { post, journalOf, create };
};
