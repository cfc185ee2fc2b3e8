import type { Projection } from "@platform/actor-runtime";
import type { SubscriptionEvent, SubscriptionSpec } from "../subscription/events.ts";
import { subscriptionEventTypes } from "../subscription/events.ts";

const TABLE = "subscriptions_subscriptions";

/** The columns of what a PUT sets. */
const specColumns = (d: SubscriptionSpec) => ({
  url: d.url,
  event_types: JSON.stringify(d.eventTypes),
  description: d.description,
  max_per_second: d.maxPerSecond ?? null,
  transform: d.transform ? JSON.stringify(d.transform) : null,
});

/**
 * subscriptions_subscriptions from the subscription actor's events. A created subscription
 * starts after its own creation event (`start_after`): it delivers what comes next, nothing
 * older unless replayed.
 */
export const subscriptionsProjection: Projection = {
  name: "subscriptions",
  eventTypes: subscriptionEventTypes,
  apply: async (trx, events) => {
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as SubscriptionEvent;
      const id = recorded.streamId.slice("subscription-".length);
      const at = recorded.metadata.at;
      const touch = { updated_at: at, version: recorded.version };
      switch (e.type) {
        case "SubscriptionCreated": {
          const row = {
            ...specColumns(e.data),
            status: "active",
            failure: null,
            maker: JSON.stringify(e.data.maker),
            start_after: recorded.position,
            created_at: at,
            ...touch,
          };
          await trx
            .insertInto(TABLE)
            .values({ subscription_id: id, ...row })
            .onConflict((oc) => oc.column("subscription_id").doUpdateSet(row))
            .execute();
          break;
        }
        case "SubscriptionChanged":
          await trx
            .updateTable(TABLE)
            .set({
              ...specColumns(e.data),
              maker: JSON.stringify(e.data.maker),
              ...touch,
            })
            .where("subscription_id", "=", id)
            .execute();
          break;
        case "SubscriptionPaused":
          await trx
            .updateTable(TABLE)
            .set({ status: "paused", ...touch })
            .where("subscription_id", "=", id)
            .execute();
          break;
        case "SubscriptionResumed":
          await trx
            .updateTable(TABLE)
            .set({ status: "active", failure: null, ...touch })
            .where("subscription_id", "=", id)
            .execute();
          break;
        case "SubscriptionFailing":
          await trx
            .updateTable(TABLE)
            .set({
              status: "failing",
              failure: JSON.stringify({ eventPosition: e.data.eventPosition, error: e.data.error, at: e.data.at }),
              ...touch,
            })
            .where("subscription_id", "=", id)
            .execute();
          break;
        case "SubscriptionReplayed":
        case "SubscriptionSecretRotated":
          await trx.updateTable(TABLE).set(touch).where("subscription_id", "=", id).execute();
          break;
        case "SubscriptionDeleted":
          await trx.deleteFrom(TABLE).where("subscription_id", "=", id).execute();
          break;
      }
    }
  },
  reset: async (trx) => {
    await trx.deleteFrom(TABLE).execute();
  },
};
