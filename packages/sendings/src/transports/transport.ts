import type { SendingState } from "../sending/state.ts";
import type { TransportName } from "../sending/events.ts";

/** What one delivery attempt came to, whatever the transport. */
export type DeliveryOutcome =
  | { readonly kind: "sent"; readonly messageId: string; readonly rejectedCopies: readonly string[] }
  | {
      readonly kind: "failed";
      /** Never worth retrying (a 5xx on the email's recipient, a push subscription gone, an SMS number refused). */
      readonly permanent: boolean;
      /** The receiver's reply, kept sealed in the sending's record: it may quote the address. */
      readonly error: string;
      /**
       * The reply's code alone, the only part a log may hold: the SMTP code (550), the SMPP
       * status name and number, the push service's HTTP status, or the kind of failure when no
       * reply came (ECONNECTION, NO_ANSWER).
       */
      readonly replyCode: string;
      readonly messageId: string;
      readonly copiesDelivered: boolean;
      /** The receiver asked us to wait this long before the next attempt (HTTP 429 Retry-After). */
      readonly retryAfterMs?: number;
    };

/**
 * The sendings context's port to the outside: one adapter per way a message travels. The
 * dispatcher claims a sending, takes a slot of its transport's rate limit and hands it here;
 * what comes back is recorded in the sending's journal (sent, retried later, bounced).
 */
export type Transport = {
  readonly name: TransportName;
  /** Deliveries of this transport a minute, shared by every process. */
  readonly ratePerMinute: number;
  deliver(sendingId: string, sending: SendingState): Promise<DeliveryOutcome>;
  /** False while the transport knows nothing would get through (waiting to reconnect): its sendings wait unclaimed. */
  ready?(): boolean;
  close(): void | Promise<void>;
};
