import type { Component, Parameters } from "@platform/app-kit";

// The shop's staff cancels an order: POST /ingress/shop/orders/cancel with {orderNumber, reason}.
// A private ingress: the caller's token must hold ingress/shop/cancel-order:invoke, and the
// component may only apply commands to orders (the ingress acl in manifest.json).
export const parameters = {
  orderNumber: { type: "text" },
  reason: { type: ["text", "nothing"] },
} as const satisfies Parameters;

const run: Component<typeof parameters> = async (params, ctx) => {
  // The command is written inside the call, so it is checked as the order's cancelOrder command.
  const answer = await ctx.messageActor("order", params.orderNumber, [
    {
      type: "applyCommands",
      body: { commands: [{ type: "cancelOrder", ...(params.reason ? { reason: params.reason } : {}) }] },
    },
  ]);
  // One result per message sent: the one message's.
  const result = answer.results[0]!;
  return result.ok ? { cancelled: true, orderNumber: params.orderNumber } : { cancelled: false, error: result.error };
};
export default run;
