import type { Maker, SubscriptionEvent, SubscriptionSpec } from "./events.ts";

export type SubscriptionStatus = "active" | "paused" | "failing";

/** A subscription as its journal leaves it; `none` before it is created and after it is deleted. */
export type SubscriptionState =
  | { readonly status: "none"; readonly deleted: boolean }
  | (SubscriptionSpec & {
      readonly status: SubscriptionStatus;
      readonly subscriptionId: string;
      readonly maker: Maker;
      readonly secret: string;
      /** Why it is failing (the last answer), and at which event. */
      readonly failing: { readonly eventPosition: string; readonly error: string } | null;
    });

export type LiveSubscription = Exclude<SubscriptionState, { status: "none" }>;

export const initialSubscriptionState = (): SubscriptionState => ({ status: "none", deleted: false });

const live = (s: SubscriptionState): LiveSubscription | undefined => (s.status === "none" ? undefined : s);

export const evolveSubscription = (s: SubscriptionState, e: SubscriptionEvent): SubscriptionState => {
  const current = live(s);
  switch (e.type) {
    case "SubscriptionCreated": {
      const { subscriptionId, url, eventTypes, description, maker, secret } = e.data;
      return { status: "active", subscriptionId, url, eventTypes, description, maker, secret, failing: null };
    }
    case "SubscriptionChanged":
      return current
        ? {
            ...current,
            url: e.data.url,
            eventTypes: e.data.eventTypes,
            description: e.data.description,
            maker: e.data.maker,
          }
        : s;
    case "SubscriptionPaused":
      return current ? { ...current, status: "paused" } : s;
    case "SubscriptionResumed":
      return current ? { ...current, status: "active", failing: null } : s;
    case "SubscriptionFailing":
      return current
        ? { ...current, status: "failing", failing: { eventPosition: e.data.eventPosition, error: e.data.error } }
        : s;
    case "SubscriptionReplayed":
      return s;
    case "SubscriptionDeleted":
      return { status: "none", deleted: true };
  }
};
