import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken } from "@platform/iam/testing";
import { testContexts } from "../test-support/fixtures.ts";

/** The event catalog (docs/WEBHOOKS.md): what a subscription may name, and only what its reader may read. */
let t: TestPlatform;
let owner: { token: string };

beforeAll(async () => {
  t = await createTestPlatform(testContexts(), { OUTBOUND_ALLOW_PRIVATE: "true" });
  owner = await createPrincipalWithToken(t, { roles: ["system:owner"] });
});
afterAll(async () => {
  await t?.close();
});

type Entry = { type: string; context: string; description: string; schema: Record<string, unknown>; example: unknown };
type Page = { eventTypes: Entry[]; totalCount: number; firstCursor: string | null; lastCursor: string | null };

const catalog = async (token: string, query = "") => {
  const r = await t.request("GET", `/resources/subscriptions/event-types${query}`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return (await r.json()) as Page;
};

const SUBSCRIPTION_EVENTS = [
  "SubscriptionChanged",
  "SubscriptionCreated",
  "SubscriptionDeleted",
  "SubscriptionFailing",
  "SubscriptionPaused",
  "SubscriptionReplayed",
  "SubscriptionResumed",
  "SubscriptionSecretRotated",
];
const ORDER_EVENTS = [
  "DeliveryAddressSet",
  "DeliveryCreated",
  "DeliveryRemoved",
  "OrderCancelled",
  "OrderCreated",
  "OrderLineCreated",
  "OrderLineQuantityChanged",
  "OrderLineRemoved",
  "OrderLineSalesTaxSet",
  "OrderLineTaxFactorDefaulted",
  "ShippingPriceSet",
];

describe("GET /resources/subscriptions/event-types", () => {
  it("lists every event type of the mounted contexts to the owner, by name, with a schema and an example", async () => {
    const page = await catalog(owner.token, "?limit=100");
    const types = page.eventTypes.map((e) => e.type);
    expect(types).toEqual([...types].sort());
    expect(types).toEqual(expect.arrayContaining([...ORDER_EVENTS, ...SUBSCRIPTION_EVENTS, "PrincipalCreated"]));
    expect(page.totalCount).toBe(types.length);
    const created = page.eventTypes.find((e) => e.type === "OrderCreated")!;
    expect(created.context).toBe("orders");
    expect(created.description).toBe(
      "Appended to an order's journal (stream order-<id>); it creates the order. A delivery's data has this schema.",
    );
    expect(created.schema.type).toBe("object");
    expect(created.schema.required).toEqual(expect.arrayContaining(["orderNumber", "currencyCode"]));
    expect(created.example).toMatchObject({ currencyCode: expect.any(String), orderNumber: expect.any(String) });
  });

  it("shows a subscription's own events as they are delivered: without the secret, in schema and example", async () => {
    const page = await catalog(owner.token, "?limit=100");
    const created = page.eventTypes.find((e) => e.type === "SubscriptionCreated")!;
    expect(Object.keys(created.schema.properties as object)).not.toContain("secret");
    expect(created.example).not.toHaveProperty("secret");
    expect(created.example).toMatchObject({ subscriptionId: "erp", url: "https://hooks.example.com/in" });
  });

  it("lists only the types whose events the caller may read", async () => {
    const orders = await createPrincipalWithToken(t, { acl: ["subscriptions:read", "actors/order:read"] });
    expect((await catalog(orders.token)).eventTypes.map((e) => e.type)).toEqual(
      [...ORDER_EVENTS, ...SUBSCRIPTION_EVENTS].sort(),
    );
    const only = await createPrincipalWithToken(t, { acl: ["subscriptions:read"] });
    expect((await catalog(only.token)).eventTypes.map((e) => e.type)).toEqual(SUBSCRIPTION_EVENTS);
    const people = await createPrincipalWithToken(t, { acl: ["subscriptions:read", "iam/principals:read"] });
    const seen = (await catalog(people.token, "?limit=100")).eventTypes.map((e) => e.type);
    expect(seen.filter((type) => type.startsWith("Principal"))).toHaveLength(10);
    expect(seen.some((type) => type.startsWith("Client") || type.startsWith("Order"))).toBe(false);
  });

  it("is refused without subscriptions:read, and to no token", async () => {
    const reader = await createPrincipalWithToken(t, { acl: ["actors/order:read"] });
    const r = await t.request("GET", "/resources/subscriptions/event-types", { token: reader.token });
    expect(r.status).toBe(403);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    expect((await t.request("GET", "/resources/subscriptions/event-types")).status).toBe(401);
  });

  it("pages by name: after the last cursor comes the rest, before the first the page before", async () => {
    const all = (await catalog(owner.token, "?limit=100")).eventTypes.map((e) => e.type);
    const first = await catalog(owner.token, "?limit=5");
    expect(first.eventTypes.map((e) => e.type)).toEqual(all.slice(0, 5));
    const second = await catalog(owner.token, `?limit=5&after=${first.lastCursor}`);
    expect(second.eventTypes.map((e) => e.type)).toEqual(all.slice(5, 10));
    const back = await catalog(owner.token, `?limit=3&before=${second.firstCursor}`);
    expect(back.eventTypes.map((e) => e.type)).toEqual(all.slice(2, 5));
    const bad = await t.request("GET", "/resources/subscriptions/event-types?limit=101", { token: owner.token });
    expect(bad.status).toBe(400);
  });

  it("is a name no subscription may take", async () => {
    const r = await t.request("PUT", "/resources/subscriptions/event-types", {
      token: owner.token,
      body: { url: "https://hooks.example.com/x", eventTypes: ["OrderCreated"] },
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { details: { path: string }[] } }).error.details[0]!.path).toBe(
      "subscriptionId",
    );
  });
});
