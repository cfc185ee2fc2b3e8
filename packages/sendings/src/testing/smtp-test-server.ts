import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import type { SMTPServerSession } from "smtp-server";
import { simpleParser } from "mailparser";
import type { ParsedMail } from "mailparser";

/** A message the test server accepted: the SMTP envelope and the parsed MIME message. */
export type ReceivedMail = {
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  readonly parsed: ParsedMail;
  readonly messageId: string | undefined;
  readonly at: number;
};

/** One RCPT TO the server saw, with its reply code and when. */
export type RcptAttempt = { readonly recipient: string; readonly code: number; readonly at: number };

export type SmtpBehaviour = {
  /** Recipient (lower case) → reply code for RCPT TO: 550 rejects for good, 451 for now. */
  readonly reject?: Readonly<Record<string, 450 | 451 | 452 | 550 | 551 | 553>>;
  /** Recipients (lower case) whose first RCPT TO drops the connection instead of replying. */
  readonly dropOnce?: readonly string[];
  /** Recipient (lower case) → reply code after DATA for any message to it (RCPT TO was accepted). */
  readonly rejectData?: Readonly<Record<string, 451 | 452 | 550 | 552 | 554>>;
  /** Recipient (lower case) → milliseconds to wait before accepting a message to it (a slow server). */
  readonly delayData?: Readonly<Record<string, number>>;
};

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  readonly url: string;
  readonly mails: ReceivedMail[];
  readonly attempts: RcptAttempt[];
  /** Mails whose envelope includes the address. */
  mailsTo(address: string): ReceivedMail[];
  /** RCPT attempts for the address. */
  attemptsFor(address: string): RcptAttempt[];
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) for delivery tests: accepts everything
 * unless told to reject a recipient (with 5xx or 4xx, at RCPT TO or after DATA) or to drop
 * the connection once.
 */
export const startTestSmtpServer = async (behaviour: SmtpBehaviour = {}): Promise<TestSmtpServer> => {
  const mails: ReceivedMail[] = [];
  const attempts: RcptAttempt[] = [];
  const dropped = new Set<string>();
  const reject = behaviour.reject ?? {};
  const rejectData = behaviour.rejectData ?? {};
  const delayData = behaviour.delayData ?? {};
  const dropOnce = new Set((behaviour.dropOnce ?? []).map((a) => a.toLowerCase()));
  const server: SMTPServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(address, session, callback) {
      const rcpt = address.address.toLowerCase();
      if (dropOnce.has(rcpt) && !dropped.has(rcpt)) {
        dropped.add(rcpt);
        attempts.push({ recipient: rcpt, code: 0, at: Date.now() });
        const connection = [
          ...(server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections,
        ].find((c) => c.id === session.id);
        connection?._socket.destroy();
        return;
      }
      const code = reject[rcpt];
      attempts.push({ recipient: rcpt, code: code ?? 250, at: Date.now() });
      if (code)
        return callback(
          Object.assign(new Error(code >= 500 ? `Mailbox ${rcpt} does not exist` : `Mailbox ${rcpt} busy, try later`), {
            responseCode: code,
          }),
        );
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const refused = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).find((a) => rejectData[a]);
      if (refused) {
        const code = rejectData[refused]!;
        stream.on("end", () =>
          callback(
            Object.assign(new Error(code >= 500 ? "Message refused by policy" : "Message deferred, try later"), {
              responseCode: code,
            }),
          ),
        );
        stream.resume();
        return;
      }
      const delay = Math.max(0, ...session.envelope.rcptTo.map((r) => delayData[r.address.toLowerCase()] ?? 0));
      simpleParser(stream)
        .then(async (parsed) => {
          if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
          mails.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            },
            parsed,
            messageId: parsed.messageId,
            at: Date.now(),
          });
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    attempts,
    mailsTo: (address) => mails.filter((m) => m.envelope.to.includes(address.toLowerCase())),
    attemptsFor: (address) => attempts.filter((a) => a.recipient === address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
