const exampleDeliveryId = "5f0c6a1e-3b7a-4f8e-9d2a-1c4b7e9f0a12";

/**
 * The commands of a sample order: one delivery to Sweden with one taxed line (2 × 99.50 SEK, tax included at 0.25).
 * The published example, the tests' `orderBody` and the orders bench all send these.
 */
export const sampleOrderCommands = (deliveryId: string) => [
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
];

/**
 * The published example of `POST /resources/actors/order/{id}` (with `{id}` = `new`): an order with one delivery and
 * one line.
 */
export const orderMessagesExample = [
  {
    type: "create",
    body: {
      orderNumber: "1001",
      createdAt: "2026-03-01T12:00:00.000Z",
      currencyCode: "SEK",
      taxIncluded: true,
      channelKey: "web",
      commands: sampleOrderCommands(exampleDeliveryId),
    },
  },
];
