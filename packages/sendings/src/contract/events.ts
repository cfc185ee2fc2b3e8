import * as v from "valibot";
import { personal } from "@platform/host";
import type { SendingEvent } from "../sending/events.ts";

/** Each event type's `data` schema must produce exactly what the union says that event carries. */
type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = {
  readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]>;
};

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const retryCount = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The `data` of every event the sending actor appends (sending/events.ts, sending/decide.ts).
 * Published as schemas/events/sendings.json. The addresses, the message and its data, and the
 * servers' replies (which quote addresses) are personal data of the recipient, sealed under the
 * sending's own key: erasing the recipient erases them once the sending is no longer pending.
 */
export const sendingEventSchemas = {
  SendingQueued: v.object({
    recipient: personal(v.pipe(v.string(), v.description("The one primary recipient of this sending"))),
    transport: v.picklist(["email", "sms", "push"]),
    category: v.string(),
    subject: personal(
      v.pipe(v.nullable(v.string()), v.description("The email's subject or the push's title; null for an SMS")),
    ),
    plainText: personal(v.nullable(v.string())),
    html: personal(v.nullable(v.string())),
    cc: personal(v.pipe(v.string(), v.description('Comma-separated copy recipients, "" when none'))),
    bcc: personal(v.pipe(v.string(), v.description('Comma-separated blind copy recipients, "" when none'))),
    dynamic: personal(v.record(v.string(), v.unknown())),
    deliverCopies: v.optional(
      v.pipe(v.boolean(), v.description("Whether this sending carries the cc/bcc copies; absent = true")),
    ),
    push: personal(
      v.optional(
        v.pipe(
          v.object({
            endpoint: v.string(),
            p256dh: v.string(),
            auth: v.string(),
            url: v.nullable(v.string()),
            ttlSeconds: v.number(),
            urgency: v.picklist(["very-low", "low", "normal", "high"]),
          }),
          v.description(
            "A push sending's target: the browser's push subscription, the link it opens, its TTL and urgency",
          ),
        ),
      ),
    ),
  }),
  SendingAttemptFailed: v.object({
    retryCount,
    nextAttemptAt: timestamp,
    error: personal(v.string()),
    copiesDelivered: v.boolean(),
  }),
  SendingSent: v.object({ sentAt: timestamp, messageId: v.string(), rejectedCopies: personal(v.array(v.string())) }),
  SendingBounced: v.object({ error: personal(v.string()), retryCount, permanent: v.boolean() }),
  SendingCancelled: v.strictObject({}),
  SendingReceiptReceived: v.object({
    messageId: v.pipe(v.string(), v.description("The SMSC's id of the part the receipt is for")),
    state: v.pipe(
      v.string(),
      v.description("The receipt's state: DELIVRD, ACCEPTD, ENROUTE, UNDELIV, EXPIRED, DELETED, REJECTD or UNKNOWN"),
    ),
    error: v.pipe(v.nullable(v.string()), v.description("The network's error code from the receipt, if any")),
    bounced: v.pipe(v.boolean(), v.description("The state means the message never arrives: the sending is bounced")),
  }),
} satisfies EventDataSchemas<SendingEvent>;
