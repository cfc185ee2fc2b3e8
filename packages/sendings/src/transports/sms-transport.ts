import { createHash } from "node:crypto";
import smpp from "smpp";
import type { PDU } from "smpp";
import type { SendingState } from "../sending/state.ts";
import { createSmppLink, statusName } from "./smpp-link.ts";
import type { SmppLinkOptions } from "./smpp-link.ts";
import { smsParts } from "./sms-parts.ts";
import { parseReceipt } from "./sms-receipt.ts";
import type { SmsReceipt } from "./sms-receipt.ts";
import type { DeliveryOutcome, Transport } from "./transport.ts";

type SmsOptions = Omit<SmppLinkOptions, "onDeliver"> & {
  /** SMS_FROM: an E.164 number or an alphanumeric sender; unset = the SMSC's default. */
  readonly from: string | undefined;
  readonly ratePerMinute: number;
  /** A delivery receipt, with the sending it is for when this process sent it recently. */
  readonly onReceipt?: (receipt: SmsReceipt, sendingId: string | undefined) => void;
};

/** Statuses that would come back the same on every attempt (docs/SENDINGS.md): the sending bounces. */
const PERMANENT = new Set(
  [
    "ESME_RINVSRCADR",
    "ESME_RINVDSTADR",
    "ESME_RINVSRCTON",
    "ESME_RINVSRCNPI",
    "ESME_RINVDSTTON",
    "ESME_RINVDSTNPI",
    "ESME_RINVMSGLEN",
    "ESME_RINVESMCLASS",
    "ESME_RINVDCS",
    "ESME_RINVREGDLVFLG",
    "ESME_RINVSERTYP",
    "ESME_RPROHIBITED",
  ].map((name) => smpp.errors[name]!),
);

/** Receipts may come before the sending is recorded sent: the ids of recent submits, newest last. */
const RECENT = 10_000;

/** The source address fields: international number, alphanumeric name, or the SMSC's default. */
const source = (from: string | undefined) =>
  !from
    ? {}
    : from.startsWith("+")
      ? { source_addr: from.slice(1), source_addr_ton: 1, source_addr_npi: 1 }
      : { source_addr: from, source_addr_ton: 5, source_addr_npi: 0 };

/**
 * SMS over SMPP 3.4: one submit_sm per part (GSM-7 or UCS-2, concatenated past one SMS), each
 * asking for a delivery receipt. Sent when the SMSC accepted every part; a permanent status
 * bounces, anything else (throttling, a full queue, a system error, no connection) is retried.
 */
export const smsTransport = (options: SmsOptions): Transport => {
  const recent = new Map<string, string>();
  const link = createSmppLink({
    ...options,
    onDeliver: (pdu: PDU) => {
      const receipt = parseReceipt(pdu);
      if (receipt) options.onReceipt?.(receipt, recent.get(receipt.messageId));
    },
  });
  const from = source(options.from);

  const deliver = async (sendingId: string, s: SendingState): Promise<DeliveryOutcome> => {
    const failed = (error: string, replyCode: string, permanent: boolean): DeliveryOutcome => ({
      kind: "failed",
      permanent,
      error,
      replyCode,
      messageId: sendingId,
      copiesDelivered: false,
    });
    if (!s.plainText) return failed("the sending has no text (erased)", "ERASED", true);
    // The same reference on every attempt of a sending: a phone joins the parts of one message.
    const { dataCoding, parts } = smsParts(s.plainText, createHash("sha256").update(sendingId).digest()[0]!);
    const ids: string[] = [];
    for (const part of parts) {
      let answer: PDU;
      try {
        answer = await link.submit({
          ...from,
          destination_addr: s.recipient.replace(/^\+/, ""),
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          registered_delivery: 1,
          data_coding: dataCoding,
          short_message: part.udh ? { udh: part.udh, message: part.text } : part.text,
        });
      } catch (error) {
        return failed((error as Error).message, "NO_ANSWER", false);
      }
      if (answer.command_status !== 0) {
        const status = statusName(answer.command_status);
        return failed(`SMSC answered ${status}`, status, PERMANENT.has(answer.command_status));
      }
      const id = String(answer.message_id ?? "");
      ids.push(id);
      recent.set(id, sendingId);
      if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
    }
    return { kind: "sent", messageId: ids.join(","), rejectedCopies: [] };
  };

  return { name: "sms", ratePerMinute: options.ratePerMinute, deliver, ready: link.ready, close: () => link.close() };
};
