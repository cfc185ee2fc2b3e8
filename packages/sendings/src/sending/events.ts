/** Events of the `sending` actor. Past tense; `data` is what the journal stores. */

/** How a sending travels (docs/SENDINGS.md). */
export type TransportName = "email" | "sms" | "push";
export const transportNames: readonly TransportName[] = ["email", "sms", "push"];

/** Where a push goes: the browser's PushSubscription, and how the push service should treat it. */
export type PushTarget = {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  /** Opened when the notification is clicked (part of the payload); null when none. */
  readonly url: string | null;
  readonly ttlSeconds: number;
  readonly urgency: "very-low" | "low" | "normal" | "high";
};

export type SendingQueuedData = {
  /** The email address, the phone number (E.164), or the push endpoint's origin. */
  readonly recipient: string;
  readonly transport: TransportName;
  readonly category: string;
  /** The email's subject, the push notification's title; null for an SMS. */
  readonly subject: string | null;
  readonly plainText: string | null;
  readonly html: string | null;
  /** Comma-separated copy recipients ("" when none). */
  readonly cc: string;
  readonly bcc: string;
  readonly dynamic: Readonly<Record<string, unknown>>;
  /**
   * Whether this sending carries the cc/bcc copies to the mail server. Of the sendings made
   * by one request only the first does, so each copy recipient gets the email once. Absent = true.
   */
  readonly deliverCopies?: boolean;
  /** A push sending's target (absent for email and SMS). */
  readonly push?: PushTarget;
};

export type SendingEvent =
  | { readonly type: "SendingQueued"; readonly data: SendingQueuedData }
  /** A transient failure: another attempt is due at `nextAttemptAt`. */
  | {
      readonly type: "SendingAttemptFailed";
      readonly data: {
        readonly retryCount: number;
        readonly nextAttemptAt: string;
        readonly error: string;
        readonly copiesDelivered: boolean;
      };
    }
  /** The SMTP server accepted the primary recipient, the SMSC the message, the push service the push. */
  | {
      readonly type: "SendingSent";
      readonly data: {
        readonly sentAt: string;
        readonly messageId: string;
        readonly rejectedCopies: readonly string[];
      };
    }
  /** Permanently failed: a 5xx on the primary, or transient failures after every retry. */
  | {
      readonly type: "SendingBounced";
      readonly data: { readonly error: string; readonly retryCount: number; readonly permanent: boolean };
    }
  | { readonly type: "SendingCancelled"; readonly data: Readonly<Record<string, never>> }
  /**
   * A delivery receipt for a sent SMS (one per part): `state` as SMPP names it (DELIVRD,
   * UNDELIV, EXPIRED, REJECTD…). A state that means it never arrives bounces the sending.
   */
  | {
      readonly type: "SendingReceiptReceived";
      readonly data: {
        readonly messageId: string;
        readonly state: string;
        readonly error: string | null;
        readonly bounced: boolean;
      };
    };

type SendingEventType = SendingEvent["type"];

export const sendingEventTypes: readonly SendingEventType[] = [
  "SendingQueued",
  "SendingAttemptFailed",
  "SendingSent",
  "SendingBounced",
  "SendingCancelled",
  "SendingReceiptReceived",
];
