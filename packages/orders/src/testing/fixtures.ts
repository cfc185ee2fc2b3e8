import { newId } from "@platform/kernel";

export const newDeliveryId = (): string => newId();

/**
 * A valid `create` message body: one delivery to Sweden with one taxed line (2 × 99.50 SEK,
 * tax included at 0.25). Override any field.
 */
export const orderBody = (orderNumber: string, over: Record<string, unknown> = {}, deliveryId = newDeliveryId()) => ({
  orderNumber,
  createdAt: "2026-03-01T12:00:00.000Z",
  currencyCode: "SEK",
  taxIncluded: true,
  commands: [
    { type: "createDelivery", deliveryId, shippingPrice: 49 },
    {
      type: "setDeliveryAddress",
      deliveryId,
      name: "Ada Lovelace",
      addressLine1: "Drottninggatan 1",
      postalCode: "11151",
      city: "Stockholm",
      countryCode: "SE",
      email: "ada@example.com",
    },
    {
      type: "createOrderLine",
      orderLineId: "line-1",
      deliveryId,
      productNumber: "MUG-1",
      description: "Mug",
      quantity: 2,
      unitPrice: 99.5,
      taxFactor: 0.25,
      skus: { "MUG-1-BLUE": 2 },
    },
  ],
  ...over,
});
