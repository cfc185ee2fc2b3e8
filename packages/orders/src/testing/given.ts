import { givenFor } from "@platform/actor-runtime/testing";
import type { OrderCommand } from "../order/commands.ts";
import { decideOrder } from "../order/decide.ts";
import type { OrderEvent } from "../order/events.ts";
import { evolveOrder, initialOrderState } from "../order/state.ts";
import type { OrderState } from "../order/state.ts";

export { testContext } from "@platform/actor-runtime/testing";

/** Given/when/then for the order decider (the generic helper of @platform/actor-runtime/testing). */
export const { given, fold } = givenFor<OrderState, OrderCommand, OrderEvent>({
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: initialOrderState,
});
