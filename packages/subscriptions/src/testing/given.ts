import { givenFor } from "@platform/actor-runtime/testing";
import type { SubscriptionCommand } from "../subscription/commands.ts";
import { decideSubscription } from "../subscription/decide.ts";
import type { SubscriptionEvent } from "../subscription/events.ts";
import { evolveSubscription, initialSubscriptionState } from "../subscription/state.ts";
import type { SubscriptionState } from "../subscription/state.ts";

/** Given/when/then for the subscription decider (the generic helper of @platform/actor-runtime/testing). */
export const { given, fold } = givenFor<SubscriptionState, SubscriptionCommand, SubscriptionEvent>({
  decide: decideSubscription,
  evolve: evolveSubscription,
  initialState: initialSubscriptionState,
});
