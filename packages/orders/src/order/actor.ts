import { defineActor } from "@platform/actor-runtime";
import type { OrderCommand } from "./commands.ts";
import { decideOrder } from "./decide.ts";
import type { OrderEvent } from "./events.ts";
import { orderEventTypes } from "./events.ts";
import { orderMessages } from "./messages.ts";
import { evolveOrder, initialOrderState } from "./state.ts";
import type { OrderState } from "./state.ts";
import { orderView } from "./view.ts";

/**
 * The order actor: type `order`, addressed by its UUID (orderId), its natural key
 * orderNumber, or `new` (a fresh order). Its access attribute is `channelKey`.
 */
export const orderActor = defineActor<OrderState, OrderCommand, OrderEvent>({
  type: "order",
  decider: { decide: decideOrder, evolve: evolveOrder, initialState: initialOrderState },
  messages: orderMessages,
  exists: (s) => s.status !== "none",
  naturalKeys: { orderNumber: { of: (s) => s.header?.orderNumber } },
  virtualIds: ["new"],
  lifecycle: { created: ["OrderCreated"] },
  eventTypes: orderEventTypes,
  identifiers: (id, s) => ({ orderId: id, ...(s.header ? { orderNumber: s.header.orderNumber } : {}) }),
  view: orderView,
  attributes: (s) => ({ channelKey: s.header?.channelKey ?? undefined }),
});
