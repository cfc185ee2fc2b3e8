import type { Maker, SubscriptionEvent, SubscriptionSpec, Transform } from "./events.ts";

export type SubscriptionStatus = "active" | "paused" | "failing";

/** A subscription as its journal leaves it; `none` before it is created and after it is deleted. */
export type SubscriptionState =
  | { readonly status: "none"; readonly deleted: boolean }
  | (Required<SubscriptionSpec> & {
      readonly status: SubscriptionStatus;
      readonly subscriptionId: string;
      readonly maker: Maker;
      readonly secret: string;
      /** Why it is failing (the last answer), and at which event. */
      readonly failing: { readonly eventPosition: string; readonly error: string } | null;
      /** The secret a rotation replaced, which still signs beside the new one until `until`. */
      readonly previousSecret: { readonly secret: string; readonly until: string } | null;
    });

export type LiveSubscription = Exclude<SubscriptionState, { status: "none" }>;

export const initialSubscriptionState = (): SubscriptionState => ({ status: "none", deleted: false });

/** A spec as the state holds it: what events written before a field existed leave out is null. */
const specOf = (d: SubscriptionSpec): Required<SubscriptionSpec> & { transform: Transform | null } => ({
  url: d.url,
  eventTypes: d.eventTypes,
  description: d.description,
  maxPerSecond: d.maxPerSecond ?? null,
  transform: d.transform ?? null,
});

const live = (s: SubscriptionState): LiveSubscription | undefined => (s.status === "none" ? undefined : s);

export const evolveSubscription = (s: SubscriptionState, e: SubscriptionEvent): SubscriptionState => {
  const current = live(s);
  switch (e.type) {
    case "SubscriptionCreated": {
      const { subscriptionId, maker, secret } = e.data;
      return {
        status: "active",
        subscriptionId,
        ...specOf(e.data),
        maker,
        secret,
        failing: null,
        previousSecret: null,
      };
    }
    case "SubscriptionChanged":
      return current ? { ...current, ...specOf(e.data), maker: e.data.maker } : s;
    case "SubscriptionPaused":
      return current ? { ...current, status: "paused" } : s;
    case "SubscriptionResumed":
      return current ? { ...current, status: "active", failing: null } : s;
    case "SubscriptionFailing":
      return current
        ? { ...current, status: "failing", failing: { eventPosition: e.data.eventPosition, error: e.data.error } }
        : s;
    case "SubscriptionSecretRotated":
      return current
        ? {
            ...current,
            secret: e.data.secret,
            previousSecret: { secret: current.secret, until: e.data.previousUntil },
          }
        : s;
    case "SubscriptionReplayed":
      return s;
    case "SubscriptionDeleted":
      return { status: "none", deleted: true };
  }
};
