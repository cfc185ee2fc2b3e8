import { sendingActor } from "../sending/actor.ts";
import { sendingEventSchemas } from "./events.ts";
import { sendingOperations } from "./operations.ts";
import { sampleSendingEvents } from "./samples.ts";

/** The published contract of the sendings context (generated into schemas/ by `npm run schemas`). */
export const sendingsContract = {
  context: "sendings",
  tags: {
    sendings: "Outgoing messages (email): queued, retried with backoff, cancelled, listed by status and category",
  },
  operations: sendingOperations,
  events: sendingEventSchemas,
  actorMessages: {
    [sendingActor.type]: Object.fromEntries(Object.entries(sendingActor.messages).map(([type, m]) => [type, m.body])),
  },
  sampleEvents: sampleSendingEvents,
};
