import * as v from "valibot";
import { journalEntriesSchema } from "@platform/http";
import { shownSubscriptionEventSchemas } from "./events.ts";

const Instant = (what: string) => v.pipe(v.string(), v.description(`${what}: an ISO 8601 instant, UTC`));
const Int = v.pipe(v.number(), v.integer());

const entries = {
  subscriptionId: v.string(),
  url: v.string(),
  eventTypes: v.array(v.string()),
  description: v.nullable(v.string()),
  maxPerSecond: v.pipe(v.nullable(Int), v.description("The most deliveries that start in any second; null: no limit")),
  transform: v.pipe(
    v.nullable(v.object({ appId: v.string(), componentId: v.string() })),
    v.description("The app component that rewrites each delivery before it is signed; null: none"),
  ),
  status: v.pipe(
    v.picklist(["active", "paused", "failing"]),
    v.description("failing: an event was refused for 24 h of retries; delivery resumes from it when resumed"),
  ),
  failure: v.pipe(
    v.nullable(v.object({ eventPosition: v.string(), error: v.string(), at: Instant("When it was marked failing") })),
    v.description("While failing: the event it stopped at and the last answer"),
  ),
  position: v.pipe(
    v.nullable(v.string()),
    v.description("Everything up to this log position is delivered (or not readable by its maker)"),
  ),
  createdAt: Instant("Created"),
  updatedAt: Instant("Last changed"),
  version: Int,
};

/** A subscription as GET, PUT and the list show it; the answer to its creation adds the secret, once. */
export const Subscription = v.object({
  ...entries,
  secret: v.optional(
    v.pipe(
      v.string(),
      v.description(
        "Only in the answer to the PUT that created it: whsec_ + base64, the Standard Webhooks signing key",
      ),
    ),
  ),
});
export const SubscriptionListItem = v.object(entries);

/** One delivery attempt (GET …/deliveries), newest first. */
export const Delivery = v.object({
  webhookId: v.pipe(v.string(), v.description("The webhook-id header: the event's id, the same on every attempt")),
  eventPosition: v.pipe(v.nullable(v.string()), v.description("null for a test event (POST …/test)")),
  eventType: v.string(),
  attempt: v.pipe(Int, v.description("1 for the first attempt at this event")),
  attemptedAt: Instant("Sent"),
  status: v.pipe(
    v.nullable(Int),
    v.description("The receiver's HTTP status; null when none came (refused, unreachable, timeout)"),
  ),
  durationMs: Int,
  error: v.pipe(v.nullable(v.string()), v.description("Why it did not count as delivered; null when it did")),
});

/** A subscription's journal entry: its events without the secret. */
export const SubscriptionJournalEvent = journalEntriesSchema(shownSubscriptionEventSchemas);

/** The answer of POST …/rotate-secret. */
export const RotatedSecret = v.object({
  secret: v.pipe(v.string(), v.description("The new signing secret (whsec_ + base64), shown only here")),
});

/** The answer of POST …/test. */
export const TestSent = v.object({
  webhookId: v.pipe(v.string(), v.description("The test delivery's webhook-id, as its entry in …/deliveries shows")),
});

/** One entry of the event catalog (GET …/event-types). */
export const EventTypeItem = v.object({
  type: v.pipe(v.string(), v.description("The event type, as a subscription's eventTypes names it")),
  context: v.pipe(v.string(), v.description("The part of the service that appends it")),
  description: v.string(),
  schema: v.pipe(
    v.record(v.string(), v.unknown()),
    v.description("The JSON Schema (draft 2020-12) of the delivered body's data"),
  ),
  example: v.pipe(v.unknown(), v.description("An example of that data, from the service's own deciders")),
});
