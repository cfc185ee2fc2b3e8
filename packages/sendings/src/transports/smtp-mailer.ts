import nodemailer from "nodemailer";
import type { DeliveryOutcome, Transport } from "./transport.ts";

export type { DeliveryOutcome } from "./transport.ts";

/** What the dispatcher hands the mailer for one delivery attempt. */
type OutboundEmail = {
  readonly sendingId: string;
  readonly to: string;
  readonly cc: readonly string[];
  readonly bcc: readonly string[];
  /** False on a retry whose copies already went out with an earlier attempt. */
  readonly includeCopies: boolean;
  readonly subject: string;
  readonly text: string | null;
  readonly html: string | null;
};

export type SmtpTimeouts = {
  /** TCP connect. Default 10 s. */
  readonly connectionMs: number;
  /** Server greeting after connect. Default 10 s. */
  readonly greetingMs: number;
  /** Inactivity on an open connection. Default 30 s. */
  readonly socketMs: number;
};

const defaultSmtpTimeouts: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

type SmtpError = Error & {
  code?: string;
  responseCode?: number;
  response?: string;
  recipient?: string;
  rejectedErrors?: SmtpError[];
};

/** The bare address and its domain from MAIL_FROM (`Name <a@x>` or `a@x`). */
const parseFrom = (mailFrom: string): { address: string; host: string } => {
  const address = (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
  const host = address.includes("@") ? address.slice(address.lastIndexOf("@") + 1) : "localhost";
  return { address, host: host || "localhost" };
};

/**
 * The stable Message-ID of a sending: every attempt of the same sending carries the same
 * one, so a crash between "SMTP accepted" and "recorded as sent" that leads to a second
 * delivery produces a duplicate receivers can recognise, never a different message.
 */
const messageIdOf = (sendingId: string, mailFrom: string) => `<${sendingId}@${parseFrom(mailFrom).host}>`;

const isPermanent = (e: SmtpError) => (e.code === "EENVELOPE" || e.code === "EMESSAGE") && (e.responseCode ?? 0) >= 500;
const codeOf = (e: SmtpError) => (e.responseCode ? String(e.responseCode) : (e.code ?? "ERROR"));
const describe = (e: SmtpError) => (e.response ?? `${e.code ? `${e.code}: ` : ""}${e.message}`).trim().slice(0, 1000);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Delivers through nodemailer to SMTP_URL and classifies the result by the primary
 * recipient: accepted → sent; a 5xx reply → permanent; a 4xx reply, a refused, dropped
 * or timed-out connection → transient. Rejected copies (cc/bcc) never decide the outcome.
 */
export const createSmtpMailer = (options: {
  readonly smtpUrl: string;
  readonly mailFrom: string;
  readonly timeouts?: SmtpTimeouts;
}) => {
  const t = options.timeouts ?? defaultSmtpTimeouts;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: t.connectionMs,
    greetingTimeout: t.greetingMs,
    socketTimeout: t.socketMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  const from = parseFrom(options.mailFrom);

  const deliver = async (m: OutboundEmail): Promise<DeliveryOutcome> => {
    const messageId = messageIdOf(m.sendingId, options.mailFrom);
    const copies = m.includeCopies ? [...m.cc, ...m.bcc] : [];
    try {
      const info = (await transport.sendMail({
        from: options.mailFrom,
        to: m.to,
        ...(m.cc.length ? { cc: [...m.cc] } : {}),
        subject: m.subject,
        ...(m.text !== null ? { text: m.text } : {}),
        ...(m.html !== null ? { html: m.html } : {}),
        messageId,
        envelope: { from: from.address, to: [m.to, ...copies] },
      })) as { rejected?: (string | { address: string })[]; rejectedErrors?: SmtpError[] };
      const rejected = (info.rejected ?? []).map((r) => (typeof r === "string" ? r : r.address));
      const primaryError = (info.rejectedErrors ?? []).find((e) => e.recipient && same(e.recipient, m.to));
      if (primaryError || rejected.some((r) => same(r, m.to))) {
        const e = primaryError ?? Object.assign(new Error("Recipient rejected"), { code: "EENVELOPE" });
        return {
          kind: "failed",
          permanent: isPermanent(e),
          error: describe(e),
          replyCode: codeOf(e),
          messageId,
          copiesDelivered: copies.length > 0,
        };
      }
      return { kind: "sent", messageId, rejectedCopies: rejected };
    } catch (error) {
      const e = error as SmtpError;
      // Every recipient refused: judge by the primary's own reply.
      const primary = e.rejectedErrors?.find((r) => r.recipient && same(r.recipient, m.to)) ?? e;
      return {
        kind: "failed",
        permanent: isPermanent(primary),
        error: describe(primary),
        replyCode: codeOf(primary),
        messageId,
        copiesDelivered: false,
      };
    }
  };

  return { deliver, close: () => transport.close() };
};

type SmtpMailer = ReturnType<typeof createSmtpMailer>;

const split = (list: string | null) =>
  (list ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** The email transport: SMTP_URL through nodemailer. */
export const emailTransport = (mailer: SmtpMailer, ratePerMinute: number): Transport => ({
  name: "email",
  ratePerMinute,
  deliver: (sendingId, s) =>
    mailer.deliver({
      sendingId,
      to: s.recipient,
      cc: split(s.cc),
      bcc: split(s.bcc),
      includeCopies: !s.copiesDelivered,
      subject: s.subject ?? "",
      text: s.plainText,
      html: s.html,
    }),
  close: () => mailer.close(),
});
