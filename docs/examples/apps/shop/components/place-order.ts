import type { Component, Parameters } from "@platform/app-kit";

// A public order form's back end: POST /ingress/shop/orders with {orderNumber, email, name, ...}.
// It may create orders and queue emails and SMS, nothing else (the ingress acl in manifest.json).
export const parameters = {
  orderNumber: { type: "text" },
  email: { type: "text" },
  name: { type: "text" },
  addressLine1: { type: "text" },
  postalCode: { type: "text" },
  city: { type: "text" },
  countryCode: { type: "text", default: "SE" },
  productNumber: { type: "text" },
  description: { type: "text" },
  quantity: { type: "number", default: 1 },
  unitPrice: { type: "number" },
  currencyCode: { type: "text", default: "SEK" },
  note: { type: ["text", "nothing"] },
  // A mobile number in E.164 form (+46701234567): the confirmation also goes out as an SMS.
  phone: { type: ["text", "nothing"] },
} as const satisfies Parameters;

const run: Component<typeof parameters> = async (params, ctx) => {
  const deliveryId = crypto.randomUUID();
  const created = await ctx.messageActor("order", "new", [
    {
      type: "create",
      body: {
        orderNumber: params.orderNumber,
        createdAt: new Date().toISOString(),
        currencyCode: params.currencyCode,
        taxIncluded: true,
        commands: [
          { type: "createDelivery", deliveryId },
          {
            type: "setDeliveryAddress",
            deliveryId,
            name: params.name,
            addressLine1: params.addressLine1,
            postalCode: params.postalCode,
            city: params.city,
            countryCode: params.countryCode,
            email: params.email,
          },
          {
            type: "createOrderLine",
            orderLineId: "1",
            deliveryId,
            productNumber: params.productNumber,
            description: params.description,
            quantity: params.quantity,
            unitPrice: params.unitPrice,
            taxFactor: 0.25,
            skus: {},
          },
        ],
      },
    },
  ]);
  // One result per message sent: the one message's.
  const result = created.results[0]!;
  if (!result.ok) return { accepted: false, error: result.error };

  const mail = await ctx.sendEmail({
    to: params.email,
    subject: `Order ${params.orderNumber} received`,
    body: {
      plainText:
        `Thank you, ${params.name}. We have your order ${params.orderNumber}.` +
        (params.note ? `\nYour note: ${params.note}` : ""),
    },
    category: "order-confirmation",
    dynamic: { orderNumber: params.orderNumber },
  });
  const sms = params.phone
    ? await ctx.sendSms({
        to: params.phone,
        body: { text: `Thank you! We have your order ${params.orderNumber}.` },
        category: "order-confirmation",
        dynamic: { orderNumber: params.orderNumber },
      })
    : undefined;
  console.log(`order ${params.orderNumber} placed`);
  return {
    accepted: true,
    orderId: created.actor.id,
    orderNumber: params.orderNumber,
    // One sending per recipient: the one `to`'s.
    sendingId: mail.sendings[0]!.sendingId,
    ...(sms ? { smsSendingId: sms.sendings[0]!.sendingId } : {}),
  };
};
export default run;
