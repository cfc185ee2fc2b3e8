import * as v from "valibot";
import { personal } from "@platform/host";
import type { SubscriptionEvent } from "../subscription/events.ts";

type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = {
  readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]>;
};

const maker = v.object({
  principalId: v.optional(v.string()),
  clientId: v.optional(v.string()),
  attributes: v.record(v.string(), v.array(v.string())),
  scope: v.optional(v.nullable(v.array(v.string()))),
});
const spec = {
  url: v.string(),
  eventTypes: v.array(v.string()),
  description: v.nullable(v.string()),
  maxPerSecond: v.optional(v.nullable(v.number())),
  transform: v.optional(v.nullable(v.object({ appId: v.string(), componentId: v.string() }))),
};
const at = v.pipe(v.string(), v.description("ISO 8601 instant, UTC"));

/**
 * The `data` of every event the subscription actor appends (subscription/events.ts). Published as
 * schemas/events/subscriptions.json.
 */
export const subscriptionEventSchemas = {
  // The secret is sealed like personal data (docs/PRIVACY.md): the journal at rest never holds it in the clear.
  SubscriptionCreated: v.object({ subscriptionId: v.string(), ...spec, maker, secret: personal(v.string()) }),
  SubscriptionChanged: v.object({ ...spec, maker }),
  SubscriptionPaused: v.object({ at }),
  SubscriptionResumed: v.object({ at }),
  SubscriptionFailing: v.object({ at, eventPosition: v.string(), error: v.string() }),
  SubscriptionReplayed: v.object({ at, fromPosition: v.string() }),
  SubscriptionSecretRotated: v.object({ at, secret: personal(v.string()), previousUntil: at }),
  SubscriptionDeleted: v.object({ subscriptionId: v.string() }),
} satisfies EventDataSchemas<SubscriptionEvent>;

/** What journals and deliveries show of the events: the same without the secret. */
export const shownSubscriptionEventSchemas = {
  ...subscriptionEventSchemas,
  SubscriptionCreated: v.object({ subscriptionId: v.string(), ...spec, maker }),
  SubscriptionSecretRotated: v.object({ at, previousUntil: at }),
};
