import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { RecordedEvent } from "@platform/event-store";

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** The events of a subscription that carry a secret. */
const WITH_SECRET = new Set(["SubscriptionCreated", "SubscriptionSecretRotated"]);

/** An event's data as others see it: a subscription's own events never carry its secret. */
export const shownData = (e: Pick<RecordedEvent, "type" | "data">): unknown => {
  if (!WITH_SECRET.has(e.type) || typeof e.data !== "object" || e.data === null) return e.data;
  const { secret: _secret, ...rest } = e.data as Record<string, unknown>;
  return rest;
};

/** The body POSTed for an event (docs/WEBHOOKS.md), before it is written as JSON. */
export const webhookPayload = (e: RecordedEvent) => ({
  id: e.id,
  type: e.type,
  stream: e.streamId,
  version: e.version,
  position: e.position,
  at: e.metadata.at,
  data: shownData(e),
  metadata: e.metadata,
});

/**
 * The Standard Webhooks headers for one attempt: `webhook-id` is the event's id (the same on
 * every attempt, for the receiver to drop duplicates), the timestamp and signature are the
 * attempt's own, signed by the standardwebhooks package with each secret in effect, the newest
 * first, separated by a space (the specification's form for several signatures while a secret is
 * rotated).
 */
export const signedHeaders = (
  secrets: readonly string[],
  webhookId: string,
  body: string,
  now: Date,
): Record<string, string> => ({
  "Content-Type": "application/json",
  "User-Agent": "platform-webhooks/1",
  "webhook-id": webhookId,
  "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
  "webhook-signature": secrets.map((secret) => new Webhook(secret).sign(webhookId, now, body)).join(" "),
});
