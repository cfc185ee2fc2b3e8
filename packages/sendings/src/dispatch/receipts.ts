import { isDomainError } from "@platform/kernel";
import type { PlatformDeps } from "@platform/host";
import type { SmsReceipt } from "../transports/sms-receipt.ts";
import type { SendingState } from "../sending/state.ts";
import { dispatcherInitiator } from "./initiator.ts";

/** How long a receipt waits for its sending to be recorded sent (the SMSC may answer that fast). */
const WAIT_FOR_SENT_MS = 10_000;
const STEP_MS = 100;

/**
 * Records the SMSC's delivery receipts in the sendings' journals. The sending is the one this
 * process submitted the part for, else the one the read model maps the part's id to; a receipt
 * for an unknown id (another system's message, or one older than our records) is logged and
 * dropped, as the SMSC needs no more than its deliver_sm_resp.
 */
export const receiptRecorder = (deps: Pick<PlatformDeps, "db" | "runtime" | "log">) => {
  const sendingOf = async (messageId: string): Promise<string | undefined> => {
    const { rows } = await deps.db.pool.query<{ sending_id: string }>(
      "SELECT sending_id FROM sendings_message_ids WHERE message_id = $1",
      [messageId],
    );
    return rows[0]?.sending_id;
  };
  const record = async (receipt: SmsReceipt, known: string | undefined) => {
    const id = known ?? (await sendingOf(receipt.messageId));
    if (!id)
      return deps.log.info(
        { messageId: receipt.messageId, state: receipt.state },
        "SMS receipt for an unknown message",
      );
    const command = { type: "recordReceipt" as const, ...receipt };
    for (let waited = 0; ; waited += STEP_MS) {
      try {
        await deps.runtime.execute("sending", id, [command], { ...dispatcherInitiator, correlationId: id });
        return;
      } catch (error) {
        if (!isDomainError(error) || error.code !== "INVALID_STATE") throw error;
        const { status } = (await deps.runtime.load("sending", id)).state as SendingState;
        // Pending: the submit's outcome is being recorded right now. Anything else has ended.
        if (status !== "pending" || waited >= WAIT_FOR_SENT_MS) return;
        await new Promise((resolve) => setTimeout(resolve, STEP_MS));
      }
    }
  };
  return (receipt: SmsReceipt, sendingId: string | undefined) =>
    void record(receipt, sendingId).catch((err: unknown) =>
      deps.log.error({ err, messageId: receipt.messageId }, "recording an SMS receipt failed"),
    );
};
