import { DomainError, sameJson } from "@platform/kernel";
import type { SubscriptionCommand } from "./commands.ts";
import type { SubscriptionEvent } from "./events.ts";
import type { SubscriptionState } from "./state.ts";

/** How long a rotated-out secret still signs beside the new one. */
const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

/**
 * The subscription decider. A PUT of what is there records nothing; pausing a paused one or
 * resuming an active one neither (a request repeated). A subscription found failing by a
 * delivery that a pause overtook stays paused.
 */
export const decideSubscription = (c: SubscriptionCommand, s: SubscriptionState): SubscriptionEvent[] => {
  if (c.type === "put") {
    const { url, eventTypes, description } = c.spec;
    // Absent is none: no limit, no transform.
    const maxPerSecond = c.spec.maxPerSecond ?? null;
    const transform = c.spec.transform ?? null;
    const written = { url, eventTypes: [...eventTypes], description, maxPerSecond, transform };
    if (s.status === "none")
      return [
        {
          type: "SubscriptionCreated",
          data: {
            subscriptionId: c.subscriptionId,
            ...written,
            maker: c.maker,
            secret: c.secret,
          },
        },
      ];
    const same =
      s.url === url &&
      sameJson(s.eventTypes, eventTypes) &&
      s.description === description &&
      s.maxPerSecond === maxPerSecond &&
      sameJson(s.transform, transform) &&
      sameJson(s.maker, c.maker);
    return same ? [] : [{ type: "SubscriptionChanged", data: { ...written, maker: c.maker } }];
  }
  if (s.status === "none") throw new DomainError("NOT_FOUND", "Subscription not found");
  switch (c.type) {
    case "pause":
      return s.status === "paused" ? [] : [{ type: "SubscriptionPaused", data: { at: c.at } }];
    case "resume":
      return s.status === "active" ? [] : [{ type: "SubscriptionResumed", data: { at: c.at } }];
    case "markFailing":
      return s.status === "active"
        ? [{ type: "SubscriptionFailing", data: { at: c.at, eventPosition: c.eventPosition, error: c.error } }]
        : [];
    case "rotateSecret": {
      const previousUntil = new Date(Date.parse(c.at) + PREVIOUS_SECRET_MS).toISOString();
      return [{ type: "SubscriptionSecretRotated", data: { at: c.at, secret: c.secret, previousUntil } }];
    }
    case "replay":
      return [{ type: "SubscriptionReplayed", data: { at: c.at, fromPosition: c.fromPosition } }];
    case "delete":
      return [{ type: "SubscriptionDeleted", data: { subscriptionId: s.subscriptionId } }];
  }
};
