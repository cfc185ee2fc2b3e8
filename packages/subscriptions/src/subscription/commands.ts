import type { Maker, SubscriptionSpec } from "./events.ts";

/**
 * A subscription's commands: `put` creates (with the secret the route made) or changes it,
 * the rest move its status. `at` is the caller's clock.
 */
export type SubscriptionCommand =
  | {
      readonly type: "put";
      readonly subscriptionId: string;
      readonly spec: SubscriptionSpec;
      readonly maker: Maker;
      readonly secret: string;
    }
  | { readonly type: "pause"; readonly at: string }
  | { readonly type: "resume"; readonly at: string }
  | { readonly type: "markFailing"; readonly at: string; readonly eventPosition: string; readonly error: string }
  | { readonly type: "replay"; readonly at: string; readonly fromPosition: string }
  /** `secret`: the new one, made by the route (shown once in its answer). */
  | { readonly type: "rotateSecret"; readonly at: string; readonly secret: string }
  | { readonly type: "delete" };
