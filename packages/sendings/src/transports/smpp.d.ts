/** The part of the `smpp` package (node-smpp, SMPP 3.4/5.0 client and server) the SMS transport and its tests use. */
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type { Server as NetServer } from "node:net";

  export type PduFields = Record<string, unknown>;
  export interface PDU {
    readonly command: string;
    readonly command_status: number;
    readonly sequence_number: number;
    readonly [field: string]: unknown;
    isResponse(): boolean;
    response(options?: PduFields): PDU;
  }
  export interface Session extends EventEmitter {
    readonly socket: import("node:net").Socket;
    send(pdu: PDU, responseCallback?: (pdu: PDU) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    bind_transceiver(options: PduFields, callback: (pdu: PDU) => void): boolean;
    submit_sm(options: PduFields, callback: (pdu: PDU) => void): boolean;
    deliver_sm(options: PduFields, callback?: (pdu: PDU) => void): boolean;
    enquire_link(options?: PduFields, callback?: (pdu: PDU) => void): boolean;
    unbind(options?: PduFields, callback?: (pdu: PDU) => void): boolean;
  }
  export interface Server extends NetServer {}
  export function connect(
    options: { url: string; auto_enquire_link_period?: number; connectTimeout?: number },
    listener?: () => void,
  ): Session;
  export function createServer(listener: (session: Session) => void): Server;
  export const errors: Readonly<Record<string, number>>;
  export const encodings: { readonly ASCII: { match(text: string): boolean } };
  export const ESM_CLASS: { readonly UDH_INDICATOR: number; readonly MC_DELIVERY_RECEIPT: number };
}
