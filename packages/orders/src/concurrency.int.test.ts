import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendMessages } from "@platform/actor-runtime";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { actorsTestPlatform, json, testCallers } from "@platform/actor-api/testing";
import { staticAuthContext } from "@platform/http/testing";
import { bootPlatform, createLogger } from "@platform/host";
import type { Platform } from "@platform/host";
import { ordersContext } from "./index.ts";
import { orderBody } from "./testing/fixtures.ts";
import type { OrderView } from "./order/view.ts";

let t: TestPlatform;
/** A second platform on the same database: another process as far as the runtime can tell (own lock, own cache). */
let other: Platform;
beforeAll(async () => {
  t = await actorsTestPlatform([ordersContext]);
  other = await bootPlatform({
    config: t.platform.config,
    contexts: [staticAuthContext(testCallers), actorsContext, ordersContext],
    log: createLogger("silent"),
    db: t.platform.db,
  });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const line = (deliveryId: string, orderLineId: string) => ({
  type: "createOrderLine",
  orderLineId,
  deliveryId,
  productNumber: "P",
  description: "",
  quantity: 1,
  unitPrice: 1,
  taxFactor: 0.25,
});

describe("concurrent writes to one order", () => {
  it("lands 50 concurrent applyCommands exactly once each: journal, state and list agree", {
    timeout: 90_000,
  }, async () => {
    const created = await json(
      await t.request("POST", "/resources/actors/order/new", {
        token: "admin",
        body: [{ type: "create", body: orderBody("RACE-1") }],
      }),
    );
    const id: string = created.actor.id;
    const d: string = created.state.deliveries[0].deliveryId;
    const viaHttp = Array.from({ length: 25 }, (_, i) =>
      t
        .request("POST", `/resources/actors/order/${id}`, {
          token: "admin",
          body: [{ type: "applyCommands", body: { commands: [line(d, `h-${i}`)] } }],
        })
        .then((r) => r.status),
    );
    const viaOther = Array.from({ length: 25 }, (_, i) =>
      sendMessages(other.runtime, "order", id, [{ type: "applyCommands", body: { commands: [line(d, `o-${i}`)] } }], {
        principalId: "p-other",
      }).then((r) => (r.results[0]!.ok ? 200 : 422)),
    );
    expect(await Promise.all([...viaHttp, ...viaOther])).toEqual(Array(50).fill(200));

    const journal = await json(
      await t.request("GET", `/resources/actors/order/${id}/journal?limit=100`, { token: "admin" }),
    );
    expect(journal.totalCount).toBe(54);
    expect(journal.events.map((e: { version: number }) => e.version)).toEqual(
      Array.from({ length: 54 }, (_, i) => i + 1),
    );
    const added = journal.events
      .filter((e: { type: string; version: number }) => e.version > 4)
      .map((e: { data: { orderLineId: string } }) => e.data.orderLineId);
    expect(new Set(added).size).toBe(50);

    const state: OrderView = (await json(await t.request("GET", `/resources/actors/order/${id}`, { token: "admin" })))
      .state;
    expect(state.orderLines).toHaveLength(51);
    expect(state.totals).toEqual({ net: "248.20", tax: "49.80", gross: "298.00", shipping: "49.00" });
    const row = (await json(await t.request("GET", "/resources/orders?orderNumber=RACE-1", { token: "admin" })))
      .orders[0];
    expect(row).toMatchObject({ version: 54, lineCount: 51, totals: { net: "248.20", tax: "49.80", gross: "298.00" } });
  });

  it("lets exactly one of two concurrent creates take an order number", async () => {
    const attempts = await Promise.all([
      t
        .request("POST", "/resources/actors/order/new", {
          token: "admin",
          body: [{ type: "create", body: orderBody("DUP-1") }],
        })
        .then((r) => r.status),
      sendMessages(
        other.runtime,
        "order",
        (await other.runtime.resolve("order", "new"))!.id,
        [{ type: "create", body: orderBody("DUP-1") }],
        {},
      ).then((r) => (r.results[0]!.ok ? 200 : 422)),
    ]);
    expect([...attempts].sort()).toEqual([200, 422]);
    expect(
      (await json(await t.request("GET", "/resources/orders?orderNumber=DUP-1", { token: "admin" }))).totalCount,
    ).toBe(1);
  });
});
