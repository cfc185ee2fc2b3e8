import { describe, expect, it } from "vitest";
import { runComponent } from "@platform/app-kit";
import type { ActorAnswer } from "@platform/app-kit";

// runComponent runs the component in the service's own sandbox, with its limits; ctx answers as the test says.
const app = new URL("..", import.meta.url);
const orderId = "0b6f1c1e-6a57-4c5e-9d8e-2f1f3c4d5e6f";

/** What the service answers for the one applyCommands message, with its result. */
const answer = (result: ActorAnswer["results"][number]): ActorAnswer => ({
  actor: { id: orderId, identifiers: { orderId, orderNumber: "WEB-1001" }, type: "order", version: 4 },
  preview: false,
  results: [result],
  state: null,
});
const cancelled = answer({ ok: true, type: "applyCommands", events: [{ type: "OrderCancelled", version: 4 }] });
const rejected = {
  code: "COMMAND_REJECTED",
  message: "The order is already shipped",
  details: { reason: "INVALID_STATE", command: "cancelOrder", commandIndex: 0 },
};

const cancelCall = (command: { type: "cancelOrder"; reason?: string }) => ({
  name: "messageActor",
  args: ["order", "WEB-1001", [{ type: "applyCommands", body: { commands: [command] } }]],
});

describe("cancel-order", () => {
  it("cancels the order by its number, with the reason given", async () => {
    const run = await runComponent(
      app,
      "cancel-order",
      { orderNumber: "WEB-1001", reason: "changed my mind" },
      { ctx: { messageActor: async () => cancelled } },
    );
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { cancelled: true, orderNumber: "WEB-1001" },
      calls: [cancelCall({ type: "cancelOrder", reason: "changed my mind" })],
      logs: [],
    });
  });

  it("sends no reason when none is given", async () => {
    const run = await runComponent(
      app,
      "cancel-order",
      { orderNumber: "WEB-1001" },
      { ctx: { messageActor: async () => cancelled } },
    );
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { cancelled: true, orderNumber: "WEB-1001" },
      calls: [cancelCall({ type: "cancelOrder" })],
      logs: [],
    });
  });

  it("answers the order's refusal as {cancelled: false, error}", async () => {
    const run = await runComponent(
      app,
      "cancel-order",
      { orderNumber: "WEB-1001", reason: "changed my mind" },
      { ctx: { messageActor: async () => answer({ ok: false, type: "applyCommands", error: rejected }) } },
    );
    expect(run).toEqual({
      ok: true,
      status: 200,
      value: { cancelled: false, error: rejected },
      calls: [cancelCall({ type: "cancelOrder", reason: "changed my mind" })],
      logs: [],
    });
  });

  it("refuses a call without an order number before messaging the order (400)", async () => {
    const run = await runComponent(app, "cancel-order", { reason: "changed my mind" });
    expect(run).toEqual({
      ok: false,
      status: 400,
      error: {
        code: "VALIDATION_FAILED",
        message: "The component's parameters are invalid",
        details: [{ path: "orderNumber", message: "required" }],
      },
      calls: [],
      logs: [],
    });
  });
});
