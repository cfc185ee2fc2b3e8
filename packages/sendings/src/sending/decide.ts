import { DomainError, assertNever } from "@platform/kernel";
import type { CommandContext } from "@platform/kernel";
import { MAX_RETRIES } from "./commands.ts";
import type { SendingCommand } from "./commands.ts";
import type { SendingEvent } from "./events.ts";
import type { SendingState } from "./state.ts";

/** Receipt states that mean the message will never arrive. */
const UNDELIVERED = new Set(["EXPIRED", "DELETED", "UNDELIV", "REJECTD"]);

const requirePending = (s: SendingState, what: string) => {
  if (s.status === "none") throw new DomainError("NOT_FOUND", "Sending not found");
  if (s.status !== "pending") throw new DomainError("INVALID_STATE", `Cannot ${what} a sending that is ${s.status}`);
};

/** Pure: what happens to a sending, given its state. Time enters through ctx.now. */
export const decideSending = (c: SendingCommand, s: SendingState, ctx: CommandContext): SendingEvent => {
  switch (c.type) {
    case "queue": {
      if (s.status !== "none") throw new DomainError("CONFLICT", "Sending already exists");
      const { type: _type, ...data } = c;
      return { type: "SendingQueued", data };
    }
    case "markSent":
      requirePending(s, "deliver");
      return {
        type: "SendingSent",
        data: { sentAt: ctx.now.toISOString(), messageId: c.messageId, rejectedCopies: c.rejectedCopies },
      };
    case "recordFailure": {
      requirePending(s, "retry");
      if (c.permanent)
        return { type: "SendingBounced", data: { error: c.error, retryCount: s.retryCount, permanent: true } };
      if (s.retryCount >= MAX_RETRIES)
        return { type: "SendingBounced", data: { error: c.error, retryCount: s.retryCount, permanent: false } };
      // base, 2×base, 4×base; later when the receiver asked to wait longer (429 Retry-After)
      const delay = Math.max(c.retryBaseMs * 2 ** s.retryCount, c.retryAfterMs ?? 0);
      return {
        type: "SendingAttemptFailed",
        data: {
          retryCount: s.retryCount + 1,
          nextAttemptAt: new Date(ctx.now.getTime() + delay).toISOString(),
          error: c.error,
          copiesDelivered: c.copiesDelivered,
        },
      };
    }
    case "cancel":
      requirePending(s, "cancel");
      return { type: "SendingCancelled", data: {} };
    case "recordReceipt":
      if (s.status === "none") throw new DomainError("NOT_FOUND", "Sending not found");
      if (s.status !== "sent")
        throw new DomainError("INVALID_STATE", `A receipt is for a sent message; this sending is ${s.status}`);
      return {
        type: "SendingReceiptReceived",
        data: { messageId: c.messageId, state: c.state, error: c.error, bounced: UNDELIVERED.has(c.state) },
      };
    default:
      return assertNever(c);
  }
};
