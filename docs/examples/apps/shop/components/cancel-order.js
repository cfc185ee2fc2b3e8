// The shop's staff cancels an order: POST /ingress/shop/orders/cancel with {orderNumber, reason}.
// A private ingress: the caller's token must hold ingress/shop/cancel-order:invoke, and the
// component may only apply commands to orders (the ingress acl in manifest.json).
export const parameters = {
  orderNumber: { type: "text" },
  reason: { type: ["text", "nothing"] },
};

export default async function run(params, ctx) {
  const command = { type: "cancelOrder", ...(params.reason ? { reason: params.reason } : {}) };
  const answer = await ctx.messageActor("order", params.orderNumber, [
    { type: "applyCommands", body: { commands: [command] } },
  ]);
  const [result] = answer.results;
  return result.ok ? { cancelled: true, orderNumber: params.orderNumber } : { cancelled: false, error: result.error };
}
