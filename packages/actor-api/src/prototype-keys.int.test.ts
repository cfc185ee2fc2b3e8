import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { newId } from "@platform/kernel";
import { sendMessages } from "@platform/actor-runtime";
import { actorsTestPlatform, json } from "./testing/harness.ts";

/** On the actor API, prototype names are message types and keys like any other. */
const NAMES = ["constructor", "toString", "__proto__"] as const;

let t: TestPlatform;
beforeAll(async () => {
  t = await actorsTestPlatform([ordersContext]);
});
afterAll(() => t.close());

const post = (path: string, raw: string) =>
  t.request("POST", `/resources/actors/${path}`, {
    token: "admin",
    raw,
    headers: { "Content-Type": "application/json" },
  });

describe("Prototype names on the actor API", () => {
  it.each(NAMES)(
    "refuses a message of type '%s', over HTTP and in the runtime's sendMessages (the path of a component's ctx)",
    async (name) => {
      const r = await post("order/new", JSON.stringify([{ type: name, body: {} }]));
      expect({ status: r.status, body: await json(r) }).toEqual({
        status: 400,
        body: {
          error: {
            code: "VALIDATION_FAILED",
            message: "Unknown message type",
            details: [{ path: "0.type", message: `unknown message type '${name}'; one of create, applyCommands` }],
          },
        },
      });
      const sent = await sendMessages(t.platform.runtime, "order", newId(), [{ type: name, body: {} }], {
        requestId: "test",
      });
      expect(sent.results).toEqual([
        {
          type: name,
          ok: false,
          error: {
            code: "VALIDATION_FAILED",
            message: `Actor type 'order' has no message '${name}'`,
            details: [{ path: "type", message: `unknown message type '${name}'` }],
          },
        },
      ]);
    },
  );

  it.each(NAMES)("keeps a SKU named '%s' in an order line", async (name) => {
    const body = orderBody(`PROTO-${name}`);
    const line = body.commands[2] as Record<string, unknown>;
    const raw = JSON.stringify([{ type: "create", body }]).replace('{"MUG-1-BLUE":2}', `{${JSON.stringify(name)}:2}`);
    expect(raw).toContain(`${JSON.stringify(name)}:2`);
    expect(line.skus).toEqual({ "MUG-1-BLUE": 2 });
    const r = await post("order/new", raw);
    expect(r.status).toBe(200);
    const state = (await json(r)).state;
    const skus = state.orderLines?.[0]?.skus ?? state.lines?.[0]?.skus ?? state.deliveries?.[0]?.orderLines?.[0]?.skus;
    expect(Object.keys(skus)).toEqual([name]);
    expect(skus[name]).toBe(2);
  });
});
