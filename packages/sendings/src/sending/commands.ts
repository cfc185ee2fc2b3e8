import type { SendingQueuedData } from "./events.ts";

/** Commands of the `sending` actor. The worker's carry what the SMTP server said. */
export type SendingCommand =
  | ({ readonly type: "queue" } & SendingQueuedData)
  | { readonly type: "markSent"; readonly messageId: string; readonly rejectedCopies: readonly string[] }
  /**
   * A failed delivery attempt. `permanent` (SMTP 5xx on the primary) bounces at once;
   * otherwise it is retried after retryBaseMs × 2^retryCount (or the receiver's Retry-After,
   * `retryAfterMs`, when that is later) until MAX_RETRIES are spent.
   */
  | {
      readonly type: "recordFailure";
      readonly error: string;
      readonly permanent: boolean;
      readonly retryBaseMs: number;
      readonly copiesDelivered: boolean;
      readonly retryAfterMs?: number;
    }
  | { readonly type: "cancel" }
  /** What the SMSC's delivery receipt says of a sent SMS. */
  | {
      readonly type: "recordReceipt";
      readonly messageId: string;
      readonly state: string;
      readonly error: string | null;
    };

/** Retries after a transient failure (the spec's "up to 3"): 3, then the sending bounces with retryCount 3. */
export const MAX_RETRIES = 3;
