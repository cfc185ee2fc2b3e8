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
  eventPosition: v.string(),
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
