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

const { journalOf, create } = messageRequests(() => t);

describe("POST /resources/actors/{type}/{id}", () => {
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
});
