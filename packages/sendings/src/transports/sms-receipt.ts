import type { PDU } from "smpp";

/** A delivery receipt: which message, its final (or interim) state, and the network's error code. */
export type SmsReceipt = { readonly messageId: string; readonly state: string; readonly error: string | null };

/** message_state (SMPP 3.4 5.3.2.35) as the receipt text's `stat:` names it. */
const STATES: Readonly<Record<number, string>> = {
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};

const textOf = (sm: unknown): string => {
  const message =
    typeof sm === "object" && sm !== null && !Buffer.isBuffer(sm) ? (sm as { message?: unknown }).message : sm;
  return Buffer.isBuffer(message) ? message.toString("latin1") : typeof message === "string" ? message : "";
};

/**
 * Reads a deliver_sm as a delivery receipt (esm_class 0x04): the receipted_message_id and
 * message_state TLVs where the SMSC sends them, else the receipt text of SMPP 3.4 Appendix B
 * (`id:… sub:… dlvrd:… submit date:… done date:… stat:DELIVRD err:000 text:…`). Undefined
 * for any other deliver_sm (a reply from a phone, which this service does not take).
 */
export const parseReceipt = (pdu: PDU): SmsReceipt | undefined => {
  if ((Number(pdu.esm_class ?? 0) & 0x3c) !== 0x04) return undefined;
  const text = textOf(pdu.short_message) || textOf(pdu.message_payload);
  const tlvId = typeof pdu.receipted_message_id === "string" ? pdu.receipted_message_id : undefined;
  const messageId = tlvId || /(?:^|\s)id:(\S+)/i.exec(text)?.[1];
  const state =
    (typeof pdu.message_state === "number" ? STATES[pdu.message_state] : undefined) ??
    /stat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
  if (!messageId || !state) return undefined;
  const error = /err:(\w+)/i.exec(text)?.[1] ?? null;
  return { messageId, state, error };
};
