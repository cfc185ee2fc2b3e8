import { expect, vi } from "vitest";
import { newId } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { iamTestContext } from "@platform/iam/testing";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { createSubscriptionsContext } from "../index.ts";
import type { SubscriptionsOptions } from "../index.ts";
import type { WebhookReceiver } from "../testing/webhook-receiver.ts";

/** IAM (cheap hashing), the actor API with orders to make events, and subscriptions. */
export const testContexts = (options: SubscriptionsOptions = {}) => [
  iamTestContext(),
  actorsContext,
  ordersContext,
  createSubscriptionsContext({ syncMs: 100, pollMs: 100, ...options }),
];

export const ORDER_EVENTS = [
  "OrderCreated",
  "DeliveryCreated",
  "DeliveryAddressSet",
  "OrderLineCreated",
  "OrderCancelled",
];

/** Creates a subscription delivering to the receiver's `/<name>` and tells the receiver its secret. */
export const subscribe = async (
  t: TestPlatform,
  receiver: WebhookReceiver,
  token: string,
  name: string,
  eventTypes = ORDER_EVENTS,
) => {
  const r = await t.request("PUT", `/resources/subscriptions/${name}`, {
    token,
    body: { url: receiver.url(name), eventTypes, description: `test ${name}` },
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const body = (await r.json()) as { secret: string; position: string };
  receiver.trust(name, body.secret);
  return body;
};

/**
 * An order made through the actor API (one batch: OrderCreated, DeliveryCreated, DeliveryAddressSet, OrderLineCreated);
 * its id.
 */
export const createOrder = async (t: TestPlatform, token: string, over: Record<string, unknown> = {}) => {
  const r = await t.request("POST", "/resources/actors/order/new", {
    token,
    body: [{ type: "create", body: orderBody(`N-${newId()}`, over) }],
  });
  expect(r.status, await r.clone().text()).toBe(200);
  return ((await r.json()) as { actor: { id: string } }).actor.id;
};

/** Cancels an order (one more event on its stream). */
export const cancelOrder = async (t: TestPlatform, token: string, id: string) => {
  const r = await t.request("POST", `/resources/actors/order/${id}`, {
    token,
    body: [{ type: "applyCommands", body: { commands: [{ type: "cancelOrder", reason: "test" }] } }],
  });
  expect(r.status, await r.clone().text()).toBe(200);
};

/** The subscription's delivery attempts, newest first (its last 100). */
export const deliveries = async (t: TestPlatform, token: string, name: string) =>
  (
    (await (await t.request("GET", `/resources/subscriptions/${name}/deliveries?limit=100`, { token })).json()) as {
      deliveries: Record<string, unknown>[];
    }
  ).deliveries;

/** Polls `check` until it passes (20 ms apart, 5 s unless told). */
export const waitFor = (check: () => void | Promise<void>, timeout = 5000) =>
  vi.waitFor(check, { timeout, interval: 20 });
