import * as v from "valibot";

/**
 * A sending as every sendings route answers it (read-model/record.ts
 * `SendingRecord`): one per primary recipient.
 */
export const SendingRecord = v.object({
  sendingId: v.pipe(v.string(), v.description("The sending's UUID")),
  recipient: v.pipe(
    v.nullable(v.string()),
    v.description(
      "The primary `to` email address, the SMS's phone number, or the push endpoint's origin; null once erased",
    ),
  ),
  transport: v.picklist(["email", "sms", "push"]),
  status: v.picklist(["pending", "sent", "bounced", "cancelled"]),
  category: v.string(),
  subject: v.pipe(
    v.nullable(v.string()),
    v.description("The email's subject or the push's title; null for an SMS, and once the recipient was erased"),
  ),
  createdAt: v.pipe(v.string(), v.description("ISO 8601 instant, UTC")),
  updatedAt: v.pipe(
    v.string(),
    v.description(
      "ISO 8601 instant, UTC, of the sending's last change (queued, attempt failed, sent, bounced, cancelled)",
    ),
  ),
  sentAt: v.pipe(
    v.nullable(v.string()),
    v.description(
      "ISO 8601 instant, UTC, when the SMTP server accepted the primary recipient (the SMSC the " +
        "SMS, the push service the push); null unless sent",
    ),
  ),
  errorMessage: v.pipe(
    v.nullable(v.string()),
    v.description(
      "The last failed attempt's error (the server's reply for a bounce); null when none failed, and once sent",
    ),
  ),
  retryCount: v.pipe(v.number(), v.description("Retries so far (at most 3)")),
  nextAttemptAt: v.pipe(
    v.nullable(v.string()),
    v.description("ISO 8601 instant, UTC, of the retry after a failed attempt; null before any failure and once final"),
  ),
  data: v.pipe(
    v.object({ cc: v.nullable(v.string()), bcc: v.nullable(v.string()) }),
    v.description("The cc and bcc recipients as comma-separated strings (empty when none; null once erased)"),
  ),
  dynamic: v.pipe(
    v.nullable(v.record(v.string(), v.unknown())),
    v.description("The free-form object given at creation; null once erased"),
  ),
  erased: v.optional(
    v.pipe(
      v.literal(true),
      v.description(
        "The recipient was erased (docs/PRIVACY.md): its address, the message, its data and the " +
          "servers' replies read null",
      ),
    ),
  ),
});

/**
 * `POST /resources/sendings/email` and `POST /resources/sendings` (202): the sendings queued, one per primary
 * recipient.
 */
export const QueuedSendings = v.object({ sendings: v.array(SendingRecord) });

/** `GET /resources/sendings/push/vapid-public-key`: the key a browser subscribes with (`applicationServerKey`). */
export const VapidPublicKey = v.object({
  publicKey: v.pipe(v.string(), v.description("VAPID_PUBLIC_KEY: the uncompressed P-256 public key, base64url")),
});
