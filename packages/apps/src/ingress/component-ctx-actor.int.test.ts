import { describe, expect, it } from "vitest";
import { json } from "@platform/http/testing";
import { orderBody } from "@platform/orders/testing";
import { t } from "./component-ctx-fixture.ts";

describe("ctx.messageActor", () => {
  it(
    "creates an order through the actor runtime, listed at once, answering what POST " + "/resources/actors would",
    async () => {
      const r = await t.request("POST", "/ingress/orders/new", {
        body: { order: orderBody("ING-1", { channelKey: "web" }) },
        headers: { "X-Request-Id": "req-ing-1", "X-Correlation-Id": "corr-ing-1" },
      });
      expect(r.status).toBe(200);
      const answer = await json(r);
      // The ingress acl holds actors/order:create, not :read: the answer shows the ids, not the state.
      expect(answer).toMatchObject({
        actor: { type: "order", identifiers: { orderNumber: "ING-1" }, version: 4 },
        results: [{ ok: true }],
        preview: false,
        state: null,
      });
      const list = await json(await t.request("GET", "/resources/orders?orderNumber=ING-1", { token: "admin" }));
      expect(list.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual(["ING-1"]);

      const journal = await json(
        await t.request("GET", `/resources/actors/order/${answer.actor.id}/journal`, { token: "admin" }),
      );
      expect(journal.events).toHaveLength(4);
      for (const e of journal.events)
        expect(e.metadata).toEqual({
          at: expect.any(String),
          requestId: "req-ing-1",
          correlationId: "corr-ing-1",
          causationId: "req-ing-1",
          appId: "ctx",
          componentId: "createOrder",
          ingressId: "new",
        });
    },
  );

  it(
    "is authorised by the ingress acl alone: without actors/order:create nothing is created " + "(502 when uncaught)",
    async () => {
      const r = await t.request("POST", "/ingress/orders/no-acl", { body: { order: orderBody("ING-2") } });
      expect(r.status).toBe(502);
      expect((await json(r)).error).toEqual({
        code: "COMPONENT_FAILED",
        message: "Error: Requires actors/order:create",
        details: { code: "FORBIDDEN", status: 403 },
      });
      expect(
        (await json(await t.request("GET", "/resources/orders?orderNumber=ING-2", { token: "admin" }))).orders,
      ).toEqual([]);
    },
  );

  it(
    "is not widened by the caller's token: an owner calling an ingress without the acl is " + "refused inside",
    async () => {
      const r = await t.request("POST", "/ingress/orders/no-acl-private", {
        token: "admin",
        body: { order: orderBody("ING-3") },
      });
      expect(await json(r)).toEqual({
        name: "Error",
        code: "FORBIDDEN",
        status: 403,
        message: "Requires actors/order:create",
        stack: "string",
      });
      expect(
        (await json(await t.request("GET", "/resources/orders?orderNumber=ING-3", { token: "admin" }))).orders,
      ).toEqual([]);
    },
  );

  it("is narrowed by a restricted caller's access attributes", async () => {
    const outside = await t.request("POST", "/ingress/orders/private", {
      token: "web",
      body: { order: orderBody("ING-4", { channelKey: "store" }) },
    });
    expect(await json(outside)).toMatchObject({
      code: "FORBIDDEN",
      status: 403,
      message: "Outside your access attributes",
    });
    const inside = await t.request("POST", "/ingress/orders/private", {
      token: "web",
      body: { order: orderBody("ING-5", { channelKey: "web" }) },
    });
    expect(await json(inside)).toBe("created");
    const journal = await json(await t.request("GET", "/resources/actors/order/ING-5/journal", { token: "admin" }));
    expect(journal.events[0].metadata).toMatchObject({
      principalId: "p-web",
      sessionId: "session-web",
      appId: "ctx",
      componentId: "tryCreateOrder",
      ingressId: "private",
    });
  });
});
