import type { PushTarget, SendingEvent, SendingQueuedData } from "./events.ts";

export type SendingStatus = "pending" | "sent" | "bounced" | "cancelled";

/**
 * The sending as folded from its journal: SendingQueued's payload (derived from it, so a field added to the event is
 * in the state too) and what the later events change.
 */
export type SendingState = Omit<SendingQueuedData, "deliverCopies" | "push"> & {
  readonly status: SendingStatus | "none";
  readonly retryCount: number;
  readonly nextAttemptAt: string | null;
  readonly errorMessage: string | null;
  readonly sentAt: string | null;
  readonly messageId: string | null;
  /** The cc/bcc copies went out with an earlier attempt; retries go to the primary only. */
  readonly copiesDelivered: boolean;
  readonly push: PushTarget | null;
};

export const initialSendingState = (): SendingState => ({
  status: "none",
  recipient: "",
  transport: "email",
  category: "",
  subject: "",
  plainText: null,
  html: null,
  cc: "",
  bcc: "",
  dynamic: {},
  retryCount: 0,
  nextAttemptAt: null,
  errorMessage: null,
  sentAt: null,
  messageId: null,
  copiesDelivered: false,
  push: null,
});

/** Pure fold; never mutates, ignores events it does not know. */
export const evolveSending = (s: SendingState, e: SendingEvent): SendingState => {
  switch (e.type) {
    case "SendingQueued": {
      const { deliverCopies, push, ...data } = e.data;
      return { ...s, ...data, push: push ?? null, status: "pending", copiesDelivered: deliverCopies === false };
    }
    case "SendingAttemptFailed":
      return {
        ...s,
        retryCount: e.data.retryCount,
        nextAttemptAt: e.data.nextAttemptAt,
        errorMessage: e.data.error,
        copiesDelivered: s.copiesDelivered || e.data.copiesDelivered,
      };
    case "SendingSent":
      return {
        ...s,
        status: "sent",
        sentAt: e.data.sentAt,
        messageId: e.data.messageId,
        nextAttemptAt: null,
        errorMessage: null,
      };
    case "SendingBounced":
      return {
        ...s,
        status: "bounced",
        errorMessage: e.data.error,
        retryCount: e.data.retryCount,
        nextAttemptAt: null,
      };
    case "SendingCancelled":
      return { ...s, status: "cancelled", nextAttemptAt: null };
    case "SendingReceiptReceived":
      return e.data.bounced ? { ...s, status: "bounced", errorMessage: receiptError(e.data) } : s;
    default:
      return s;
  }
};

/** How a receipt that bounced a sending reads as its error. */
export const receiptError = (r: { readonly state: string; readonly error: string | null }) =>
  `delivery receipt: ${r.state}${r.error ? ` (err ${r.error})` : ""}`;

/** The channelKey access attribute (docs/ACCESS.md): a string `dynamic.channelKey`, else none. */
export const channelKeyOf = (dynamic: Readonly<Record<string, unknown>> | null): string | undefined =>
  typeof dynamic?.channelKey === "string" ? dynamic.channelKey : undefined;
