import { defineActor } from "@platform/actor-runtime";
import type { SubscriptionCommand } from "./commands.ts";
import { decideSubscription } from "./decide.ts";
import type { SubscriptionEvent } from "./events.ts";
import { subscriptionEventTypes } from "./events.ts";
import { evolveSubscription, initialSubscriptionState } from "./state.ts";
import type { SubscriptionState } from "./state.ts";

/**
 * The subscription actor: type `subscription`, addressed by the id its PUT names, so its
 * journal shows who created, changed, paused and replayed it. Kept off the generic actor API:
 * subscriptions are guarded by `subscriptions:*`, and their state holds the secret.
 */
export const subscriptionActor = defineActor<SubscriptionState, SubscriptionCommand, SubscriptionEvent>({
  type: "subscription",
  decider: { decide: decideSubscription, evolve: evolveSubscription, initialState: initialSubscriptionState },
  messages: {},
  exists: (s) => s.status !== "none",
  lifecycle: { created: ["SubscriptionCreated"], deleted: ["SubscriptionDeleted"] },
  eventTypes: subscriptionEventTypes,
  typeReadableBy: (reader) => reader.can("subscriptions", "read"),
  identifiers: (id) => ({ subscriptionId: id }),
  view: (s) => (s.status === "none" ? s : { ...s, secret: undefined, previousSecret: undefined }),
  actorApi: false,
  readableBy: (reader) => reader.can("subscriptions", "read"),
});
