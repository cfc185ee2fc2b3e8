import { defineActor } from "@platform/actor-runtime";
import type { SendingCommand } from "./commands.ts";
import { decideSending } from "./decide.ts";
import type { SendingEvent } from "./events.ts";
import { sendingEventTypes } from "./events.ts";
import { channelKeyOf, evolveSending, initialSendingState } from "./state.ts";
import type { SendingState } from "./state.ts";

/**
 * A sending: one outbound message to one primary recipient, from queued to sent, bounced
 * or cancelled. Created only through the sendings service (which validates and guards the
 * `system:` categories); the actor message API may only `cancel` it.
 */
export const sendingActor = defineActor<SendingState, SendingCommand, SendingEvent>({
  type: "sending",
  exists: (s) => s.status !== "none",
  lifecycle: { created: ["SendingQueued"] },
  eventTypes: sendingEventTypes,
  identifiers: (id) => ({ sendingId: id }),
  attributes: (s) => ({ channelKey: channelKeyOf(s.dynamic) }),
  decider: { initialState: initialSendingState, evolve: evolveSending, decide: decideSending },
  // No messages through the actor API: a cancel goes through DELETE /resources/sendings/{id},
  // which holds the dispatcher's queue claim while it records it. As a message it could race
  // a delivery already on the wire.
  messages: {},
});
