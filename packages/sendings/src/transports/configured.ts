import type { OutboundConfig, SendingsConfig } from "@platform/host";
import type { SmtpTimeouts } from "./smtp-mailer.ts";
import type { SmsReceipt } from "./sms-receipt.ts";
import type { Transport } from "./transport.ts";

export type TransportOptions = {
  readonly smtpTimeouts?: SmtpTimeouts;
  readonly pushTimeoutMs?: number;
  /** The SMSC's connection and answers; and the first wait after a failed connection (default 1 s). */
  readonly smsTimeoutMs?: number;
  readonly smsBackoffMs?: number;
  readonly onSmsReceipt?: (receipt: SmsReceipt, sendingId: string | undefined) => void;
  /**
   * The SMSC connection's troubles once bound (a drop, an unanswered enquire_link): the sendings retry on their own.
   */
  readonly onSmsError?: (error: Error) => void;
  readonly smsEnquireLinkMs?: number;
};

/**
 * The transports this process can deliver by: those whose settings are given. Each one's
 * module (and its library: nodemailer, web-push, smpp) is loaded only when it is configured,
 * which keeps them out of the start of a process that does not deliver by them.
 */
export const configuredTransports = async (
  config: SendingsConfig & Pick<OutboundConfig, "outboundAllowPrivate">,
  options: TransportOptions = {},
): Promise<Transport[]> => {
  const out: Transport[] = [];
  if (config.smtpUrl) {
    const { createSmtpMailer, emailTransport } = await import("./smtp-mailer.ts");
    const mailer = createSmtpMailer({
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      ...(options.smtpTimeouts ? { timeouts: options.smtpTimeouts } : {}),
    });
    out.push(emailTransport(mailer, config.sendings.ratePerMinute));
  }
  if (config.push) {
    const { pushTransport } = await import("./push-transport.ts");
    out.push(
      pushTransport({
        ...config.push,
        ratePerMinute: config.pushRatePerMinute,
        allowPrivate: config.outboundAllowPrivate,
        ...(options.pushTimeoutMs ? { timeoutMs: options.pushTimeoutMs } : {}),
      }),
    );
  }
  if (config.sms) {
    const { smsTransport } = await import("./sms-transport.ts");
    out.push(
      smsTransport({
        ...config.sms,
        ratePerMinute: config.smsRatePerMinute,
        ...(options.smsTimeoutMs ? { timeoutMs: options.smsTimeoutMs } : {}),
        ...(options.smsBackoffMs ? { backoffMs: options.smsBackoffMs } : {}),
        ...(options.onSmsReceipt ? { onReceipt: options.onSmsReceipt } : {}),
        ...(options.onSmsError ? { onError: options.onSmsError } : {}),
        ...(options.smsEnquireLinkMs ? { enquireLinkMs: options.smsEnquireLinkMs } : {}),
      }),
    );
  }
  return out;
};
