import * as v from "valibot";
import type { SendingEvent } from "../sending/events.ts";

/** Each event type's `data` schema must produce exactly what the union says that event carries. */
type EventDataSchemas<E extends { readonly type: string; readonly data: unknown }> = { readonly [T in E["type"]]: v.GenericSchema<unknown, Extract<E, { type: T }>["data"]> };

const timestamp = v.pipe(v.string(), v.isoTimestamp());
const retryCount = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * The `data` of every event the sending actor appends (sending/events.ts, sending/decide.ts).
 * Published as schemas/events/sendings.json.
 */
export const sendingEventSchemas = {
  SendingQueued: v.object({
    recipient: v.pipe(v.string(), v.description("The one primary recipient of this sending")),
    transport: v.literal("email"),
    category: v.string(),
    subject: v.string(),
    plainText: v.nullable(v.string()),
    html: v.nullable(v.string()),
    cc: v.pipe(v.string(), v.description("Comma-separated copy recipients, \"\" when none")),
    bcc: v.pipe(v.string(), v.description("Comma-separated blind copy recipients, \"\" when none")),
    dynamic: v.record(v.string(), v.unknown()),
    deliverCopies: v.optional(v.pipe(v.boolean(), v.description("Whether this sending carries the cc/bcc copies; absent = true"))),
  }),
  SendingAttemptFailed: v.object({ retryCount, nextAttemptAt: timestamp, error: v.string(), copiesDelivered: v.boolean() }),
  SendingSent: v.object({ sentAt: timestamp, messageId: v.string(), rejectedCopies: v.array(v.string()) }),
  SendingBounced: v.object({ error: v.string(), retryCount, permanent: v.boolean() }),
  SendingCancelled: v.strictObject({}),
} satisfies EventDataSchemas<SendingEvent>;
