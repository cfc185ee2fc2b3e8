import { orderActor } from "../order/actor.ts";
import { orderEventSchemas } from "./events.ts";
import { orderOperations } from "./operations.ts";
import { sampleOrderEvents } from "./samples.ts";
import { orderMessagesExample } from "./messages-example.ts";

/** The published contract of the orders context (generated into schemas/ by `npm run schemas`). */
export const ordersContract = {
  context: "orders",
  tags: { orders: "Orders: the order actor's read model, listed and filtered (write through the actor API)" },
  operations: orderOperations,
  events: orderEventSchemas,
  actorMessages: {
    [orderActor.type]: Object.fromEntries(Object.entries(orderActor.messages).map(([type, m]) => [type, m.body])),
  },
  actorMessageExamples: { [orderActor.type]: orderMessagesExample },
  sampleEvents: sampleOrderEvents,
};
