import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { actorsTestPlatform, json } from "./testing/harness.ts";

let t: TestPlatform;
let webOrder: string;
let plainOrder: string;
beforeAll(async () => {
  t = await actorsTestPlatform([ordersContext]);
  webOrder = (
    await json(await post("order/new", [{ type: "create", body: orderBody("W-1", { channelKey: "web" }) }], "admin"))
  ).actor.id;
  plainOrder = (await json(await post("order/new", [{ type: "create", body: orderBody("P-1") }], "admin"))).actor.id;
});
afterAll(() => t.close());

const post = (path: string, body: unknown, token: string) =>
  t.request("POST", `/resources/actors/${path}`, { token, body });
const get = (path: string, token: string) => t.request("GET", `/resources/actors/${path}`, { token });
const cancel = [{ type: "applyCommands", body: { commands: [{ type: "cancelOrder" }] } }];
const versionOf = async (id: string) => (await json(await get(`order/${id}`, "admin"))).actor.version as number;

describe("actor ACEs", () => {
  it("lets actors/order:create create but not apply commands, deciding for the whole request", async () => {
    expect((await post("order/new", [{ type: "create", body: orderBody("C-1") }], "creator")).status).toBe(200);
    const mixed = await post(
      "order/new",
      [
        { type: "create", body: orderBody("C-2") },
        { type: "applyCommands", body: { commands: [] } },
      ],
      "creator",
    );
    expect(mixed.status).toBe(403);
    expect(await json(mixed)).toEqual({ error: { code: "FORBIDDEN", message: "Requires actors/order:applyCommands" } });
    expect((await get("order/C-2", "admin")).status).toBe(404);
    expect((await post(`order/${plainOrder}`, cancel, "creator")).status).toBe(403);
  });

  it("refuses a caller without any actor ACE, and never runs its messages", async () => {
    const before = await versionOf(plainOrder);
    expect((await post(`order/${plainOrder}`, cancel, "nobody")).status).toBe(403);
    expect((await post(`order/${plainOrder}`, cancel, "reader")).status).toBe(403);
    expect(await versionOf(plainOrder)).toBe(before);
  });

  it("lets a wider ACE through (actors:* on a client)", async () => {
    const r = await post("order/new", [{ type: "create", body: orderBody("S-1") }], "service");
    expect(r.status).toBe(200);
    const events = (await json(await get(`order/${(await json(r)).actor.id}/journal`, "admin"))).events;
    expect(events[0].metadata).toMatchObject({ clientId: "svc-1", sessionId: "session-service" });
    expect(events[0].metadata.principalId).toBeUndefined();
  });

  it("needs :read (or wider) to read state and journal", async () => {
    expect((await get(`order/${plainOrder}`, "reader")).status).toBe(200);
    expect((await get(`order/${plainOrder}/journal`, "wildcard")).status).toBe(200);
    expect((await get(`order/${plainOrder}`, "creator")).status).toBe(403);
    expect((await get(`order/${plainOrder}/journal`, "nobody")).status).toBe(403);
    expect((await t.request("GET", "/resources/orders", { token: "creator" })).status).toBe(403);
  });
});

describe("access attributes (channelKey)", () => {
  it("lets a restricted caller create only with a matching channelKey", async () => {
    expect(
      (await post("order/new", [{ type: "create", body: orderBody("W-2", { channelKey: "web" }) }], "web")).status,
    ).toBe(200);
    const other = await post("order/new", [{ type: "create", body: orderBody("W-3", { channelKey: "store" }) }], "web");
    expect(other.status).toBe(403);
    const none = await post("order/new", [{ type: "create", body: orderBody("W-4") }], "web");
    expect(none.status).toBe(403);
    expect((await get("order/W-3", "admin")).status).toBe(404);
    expect((await get("order/W-4", "admin")).status).toBe(404);
  });

  it("refuses a preview outside the caller's attributes too", async () => {
    expect(
      (
        await t.request("POST", "/resources/actors/order/new?preview", {
          token: "web",
          body: [{ type: "create", body: orderBody("W-5", { channelKey: "store" }) }],
        })
      ).status,
    ).toBe(403);
  });

  it("answers 403 for direct access to an order outside the attributes, by id or key", async () => {
    const before = await versionOf(plainOrder);
    expect((await post(`order/${plainOrder}`, cancel, "web")).status).toBe(403);
    expect((await get("order/P-1", "web")).status).toBe(403);
    expect((await get(`order/${plainOrder}/journal`, "web")).status).toBe(403);
    expect(await versionOf(plainOrder)).toBe(before);
    expect((await get(`order/${webOrder}`, "web")).status).toBe(200);
    expect((await post(`order/${webOrder}`, [{ type: "applyCommands", body: { commands: [] } }], "web")).status).toBe(
      200,
    );
  });

  it("leaves other channels' orders out of the list", async () => {
    const list = await json(await t.request("GET", "/resources/orders?limit=100", { token: "web" }));
    expect(list.orders.length).toBeGreaterThan(0);
    expect(list.orders.every((o: { channelKey: string }) => o.channelKey === "web")).toBe(true);
    expect(list.totalCount).toBe(list.orders.length);
  });
});
