import smpp from "smpp";
import type { PDU, PduFields, Session } from "smpp";

export type SmppLinkOptions = {
  /** SMS_URL: smpp://system_id:password@host:port (ssmpp:// for TLS). */
  readonly url: string;
  /** Connect and bind, and each submit's answer; default 10 s. */
  readonly timeoutMs?: number;
  /** enquire_link while bound, so idle binds stay open through NATs and the SMSC's idle timer; default 30 s. */
  readonly enquireLinkMs?: number;
  /** The first wait after a failed connection, doubling up to `maxBackoffMs`; default 1 s. */
  readonly backoffMs?: number;
  /** Default 60 s. */
  readonly maxBackoffMs?: number;
  /** A deliver_sm from the SMSC (a delivery receipt or a message to us); acknowledged already. */
  readonly onDeliver?: (pdu: PDU) => void;
  readonly onError?: (error: Error) => void;
};

/** The names of SMPP command statuses, by value. */
const statusNames = new Map(Object.entries(smpp.errors).map(([name, value]) => [value, name]));
export const statusName = (status: number) =>
  `${statusNames.get(status) ?? "status"} (0x${status.toString(16).padStart(8, "0")})`;

/**
 * One bind_transceiver to the SMSC, made when something is to be sent (the SMSC need not be
 * up when the service starts), kept open with enquire_link, and made again after it drops,
 * waiting longer after each failed attempt. Answers the SMSC's enquire_link and unbind, and
 * acknowledges every deliver_sm before handing it on.
 */
export const createSmppLink = (options: SmppLinkOptions) => {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const url = new URL(options.url);
  let bound: Promise<Session> | undefined;
  let failures = 0;
  let retryAt = 0;
  let closed = false;
  /** Submits waiting for their answer: a dropped connection fails them at once. */
  const waiting = new Set<(e: Error) => void>();

  const connect = () =>
    new Promise<Session>((resolve, reject) => {
      let up = false;
      let failed = false;
      const session = smpp.connect({ url: `${url.protocol}//${url.host}` });
      let alive: NodeJS.Timeout | undefined;
      const fail = (error: Error) => {
        clearTimeout(timer);
        clearInterval(alive);
        session.destroy();
        if (up || failed) return;
        failed = true;
        failures++;
        retryAt =
          Date.now() + Math.min(options.maxBackoffMs ?? 60_000, (options.backoffMs ?? 1000) * 2 ** (failures - 1));
        bound = undefined;
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error(`SMSC ${url.host}: no bind within ${timeoutMs} ms`)), timeoutMs);
      session.on("error", (e: Error) =>
        up ? options.onError?.(e) : fail(new Error(`SMSC ${url.host}: ${e.message}`)),
      );
      session.on("close", () => {
        clearInterval(alive);
        if (!up) return fail(new Error(`SMSC ${url.host} closed the connection`));
        if (bound && session === current) bound = undefined;
        for (const drop of [...waiting]) drop(new Error(`SMSC ${url.host} closed the connection`));
      });
      session.on("enquire_link", (pdu: PDU) => void session.send(pdu.response()));
      session.on("unbind", (pdu: PDU) => {
        session.send(pdu.response());
        session.close();
      });
      session.on("deliver_sm", (pdu: PDU) => {
        session.send(pdu.response());
        options.onDeliver?.(pdu);
      });
      session.on("connect", () =>
        session.bind_transceiver(
          { system_id: decodeURIComponent(url.username), password: decodeURIComponent(url.password) },
          (pdu) => {
            if (pdu.command_status !== 0)
              return fail(new Error(`SMSC ${url.host} refused the bind: ${statusName(pdu.command_status)}`));
            clearTimeout(timer);
            up = true;
            failures = 0;
            current = session;
            alive = keepAlive(session);
            resolve(session);
          },
        ),
      );
    });
  let current: Session | undefined;

  /**
   * enquire_link while bound: keeps the bind open through NATs and the SMSC's idle timer, and
   * finds a peer that stopped answering without closing (no RST): no answer in time drops the
   * connection, and the next sending binds again.
   */
  const keepAlive = (session: Session) =>
    setInterval(() => {
      const late = setTimeout(() => {
        options.onError?.(new Error(`SMSC ${url.host}: no answer to enquire_link within ${timeoutMs} ms`));
        session.destroy();
      }, timeoutMs);
      if (!session.enquire_link({}, () => clearTimeout(late))) clearTimeout(late);
    }, options.enquireLinkMs ?? 30_000).unref();

  const open = (): Promise<Session> => {
    if (closed) return Promise.reject(new Error("the SMS transport is closed"));
    bound ??= connect();
    return bound;
  };

  return {
    /** False while waiting before the next connection attempt: nothing would get through now. */
    ready: () => bound !== undefined || Date.now() >= retryAt,
    /** Sends a submit_sm and resolves with the SMSC's answer (whatever its status); rejects when it cannot get one. */
    async submit(fields: PduFields): Promise<PDU> {
      const session = await open();
      return new Promise<PDU>((resolve, reject) => {
        const done = (error: Error | undefined, pdu?: PDU) => {
          clearTimeout(timer);
          waiting.delete(drop);
          if (error) reject(error);
          else resolve(pdu!);
        };
        const drop = (error: Error) => done(error);
        const timer = setTimeout(() => {
          done(new Error(`SMSC ${url.host}: no answer to submit_sm within ${timeoutMs} ms`));
          // A connection that stopped answering is not trusted again.
          session.destroy();
        }, timeoutMs);
        waiting.add(drop);
        if (!session.submit_sm(fields, (pdu) => done(undefined, pdu)))
          done(new Error(`SMSC ${url.host}: the connection is not writable`));
      });
    },
    async close(): Promise<void> {
      closed = true;
      const session = await bound?.catch(() => undefined);
      if (!session || session.socket.destroyed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => session.destroy(() => resolve()), 1000);
        session.unbind({}, () => {
          clearTimeout(timer);
          session.close(() => resolve());
        });
      });
    },
  };
};
