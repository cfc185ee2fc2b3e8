import type { CommandContext } from "@platform/kernel";
import type { OrderCommand } from "../order/commands.ts";
import { decideOrder } from "../order/decide.ts";
import type { OrderEvent } from "../order/events.ts";
import { evolveOrder, initialOrderState } from "../order/state.ts";

const ctx: CommandContext = {
  now: new Date("2026-01-02T03:04:05.000Z"),
  newId: () => "00000000-0000-7000-8000-000000000000",
};
const deliveryId = "0195f3a0-0000-7000-8000-000000000001";
const otherDeliveryId = "0195f3a0-0000-7000-8000-000000000002";

const script: readonly OrderCommand[] = [
  {
    type: "createOrder",
    orderNumber: "1001",
    createdAt: "2026-03-01T12:00:00Z",
    currencyCode: "sek",
    taxIncluded: true,
    channelKey: "web",
  },
  { type: "createDelivery", deliveryId, shippingPrice: 49 },
  {
    type: "setDeliveryAddress",
    deliveryId,
    name: "Ada Lovelace",
    addressLine1: "Drottninggatan 1",
    postalCode: "11151",
    city: "Stockholm",
    countryCode: "se",
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
    skus: { "MUG-1-BLUE": 2 },
  },
  { type: "applyDefaultTax", orderLineId: "line-1", taxFactor: "0.25" },
  {
    type: "createOrderLine",
    orderLineId: "line-2",
    deliveryId,
    productNumber: "CUP-1",
    description: "Cup",
    quantity: 1,
    unitPrice: "10",
    taxFactor: 0.12,
  },
  { type: "setOrderLineTax", orderLineId: "line-2", salesTax: "1.07" },
  { type: "changeOrderLineQuantity", orderLineId: "line-2", quantity: 3 },
  { type: "setShippingPrice", deliveryId, shippingPrice: "59.00" },
  { type: "createDelivery", deliveryId: otherDeliveryId },
  { type: "removeDelivery", deliveryId: otherDeliveryId },
  { type: "removeOrderLine", orderLineId: "line-2" },
  { type: "cancelOrder", reason: "Changed my mind" },
];

/** Events of one order's life, decided by the real decider (one of every event type). */
export const sampleOrderEvents = (): OrderEvent[] => {
  let state = initialOrderState();
  const events: OrderEvent[] = [];
  for (const command of script) {
    for (const e of [decideOrder(command, state, ctx)].flat()) {
      events.push(e);
      state = evolveOrder(state, e);
    }
  }
  return events;
};
