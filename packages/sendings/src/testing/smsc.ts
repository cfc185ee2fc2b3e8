import type { AddressInfo } from "node:net";
import smpp from "smpp";
import type { PDU, Session } from "smpp";

/** One submit_sm the SMSC took (whatever it answered). */
export type ReceivedSubmit = {
  readonly systemId: string;
  readonly destination: string;
  readonly destTon: number;
  readonly source: string;
  readonly sourceTon: number;
  readonly dataCoding: number;
  readonly registeredDelivery: number;
  /** The text, decoded by its data_coding. */
  readonly text: string;
  /** The concatenation header's reference, total and sequence, when the submit is a part. */
  readonly part: { readonly reference: number; readonly total: number; readonly sequence: number } | undefined;
  /** The command_status answered. */
  readonly status: number;
  readonly messageId: string | undefined;
};

export type TestSmsc = {
  readonly port: number;
  /** The SMS_URL binding as `system_id` with the password this SMSC expects (or `password`). */
  url(password?: string): string;
  submits(destination?: string): ReceivedSubmit[];
  /** Answers the next submits to this destination (without +) with these statuses, in order, then 0 again. */
  answer(destination: string, ...statuses: number[]): void;
  /** Sends a delivery receipt for a message over every bound session; in the text form, or as TLVs. */
  receipt(messageId: string, state: string, options?: { err?: string; tlv?: boolean }): void;
  /** Binds accepted so far. */
  binds(): number;
  /** Drops every connection, as a restarting SMSC would. */
  drop(): void;
  /** Stops answering anything (as a hung SMSC whose TCP connections stay open), or starts again. */
  silence(on: boolean): void;
  /** Bound connections open now. */
  connections(): number;
  close(): Promise<void>;
};

const SYSTEM_ID = "platform";
const PASSWORD = "s3cret";
const TLV_STATES: Record<string, number> = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

const partOf = (udh: unknown) => {
  // The smpp package decodes the user data header into its information elements.
  const elements = Array.isArray(udh) ? (udh as Buffer[]) : [];
  const concat = elements.find((e) => e[0] === 0x00 && e[1] === 3);
  return concat ? { reference: concat[2]!, total: concat[3]!, sequence: concat[4]! } : undefined;
};

/**
 * An SMSC speaking SMPP (the `smpp` package's server) on a loopback port: it checks the bind's
 * credentials, records every submit_sm with its decoded text and concatenation header,
 * answers scripted statuses, and sends delivery receipts when a test asks.
 */
export const startTestSmsc = async (port = 0): Promise<TestSmsc> => {
  const sessions = new Set<Session>();
  const received: ReceivedSubmit[] = [];
  const scripts = new Map<string, number[]>();
  let bindCount = 0;
  let silent = false;
  let nextId = 1;
  const server = smpp.createServer((session) => {
    let systemId = "";
    session.on("error", () => undefined);
    session.on("close", () => sessions.delete(session));
    session.on("bind_transceiver", (pdu: PDU) => {
      if (pdu.system_id !== SYSTEM_ID || pdu.password !== PASSWORD) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RBINDFAIL }));
        return session.close();
      }
      systemId = String(pdu.system_id);
      bindCount++;
      sessions.add(session);
      session.send(pdu.response({ system_id: "test-smsc" }));
    });
    session.on("enquire_link", (pdu: PDU) => void (silent || session.send(pdu.response())));
    session.on("unbind", (pdu: PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on("submit_sm", (pdu: PDU) => {
      if (silent) return;
      if (!sessions.has(session))
        return void session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS }));
      const destination = String(pdu.destination_addr);
      const status = scripts.get(destination)?.shift() ?? 0;
      const messageId = status === 0 ? `msg-${nextId++}` : undefined;
      const sm = pdu.short_message as { message?: unknown; udh?: unknown };
      received.push({
        systemId,
        destination,
        destTon: Number(pdu.dest_addr_ton),
        source: String(pdu.source_addr),
        sourceTon: Number(pdu.source_addr_ton),
        dataCoding: Number(pdu.data_coding),
        registeredDelivery: Number(pdu.registered_delivery),
        text: typeof sm?.message === "string" ? sm.message : String(sm?.message ?? ""),
        part: partOf(sm?.udh),
        status,
        messageId,
      });
      session.send(pdu.response({ command_status: status, ...(messageId ? { message_id: messageId } : {}) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: (password = PASSWORD) => `smpp://${SYSTEM_ID}:${encodeURIComponent(password)}@127.0.0.1:${actualPort}`,
    submits: (destination) => received.filter((r) => destination === undefined || r.destination === destination),
    answer: (destination, ...statuses) =>
      void scripts.set(destination, [...(scripts.get(destination) ?? []), ...statuses]),
    receipt(messageId, state, options = {}) {
      const delivered = state === "DELIVRD" ? "001" : "000";
      const text =
        `id:${messageId} sub:001 dlvrd:${delivered} submit date:2611271200 done date:2611271201 ` +
        `stat:${state} err:${options.err ?? "000"} text:`;
      for (const session of sessions)
        session.deliver_sm({
          esm_class: smpp.ESM_CLASS.MC_DELIVERY_RECEIPT,
          ...(options.tlv
            ? { receipted_message_id: messageId, message_state: TLV_STATES[state], short_message: "" }
            : { short_message: text }),
        });
    },
    binds: () => bindCount,
    silence: (on) => void (silent = on),
    connections: () => sessions.size,
    drop: () => {
      for (const session of sessions) session.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
};
