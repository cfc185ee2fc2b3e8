/** Events of the `sending` actor. Past tense; `data` is what the journal stores. */

export type SendingQueuedData = {
  readonly recipient: string;
  readonly transport: "email";
  readonly category: string;
  readonly subject: string;
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
};

export type SendingEvent =
  | { readonly type: "SendingQueued"; readonly data: SendingQueuedData }
  /** A transient failure: another attempt is due at `nextAttemptAt`. */
  | {
      readonly type: "SendingAttemptFailed";
      readonly data: { readonly retryCount: number; readonly nextAttemptAt: string; readonly error: string; readonly copiesDelivered: boolean };
    }
  /** The SMTP server accepted the primary recipient. */
  | { readonly type: "SendingSent"; readonly data: { readonly sentAt: string; readonly messageId: string; readonly rejectedCopies: readonly string[] } }
  /** Permanently failed: a 5xx on the primary, or transient failures after every retry. */
  | { readonly type: "SendingBounced"; readonly data: { readonly error: string; readonly retryCount: number; readonly permanent: boolean } }
  | { readonly type: "SendingCancelled"; readonly data: Readonly<Record<string, never>> };

export type SendingEventType = SendingEvent["type"];

export const sendingEventTypes: readonly SendingEventType[] = ["SendingQueued", "SendingAttemptFailed", "SendingSent", "SendingBounced", "SendingCancelled"];
