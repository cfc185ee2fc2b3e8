import type { Config } from "@platform/platform";
import { createSmtpMailer, emailTransport } from "./smtp-mailer.ts";
import type { SmtpTimeouts } from "./smtp-mailer.ts";
import { pushTransport } from "./push-transport.ts";
import type { Transport } from "./transport.ts";

export type TransportOptions = { readonly smtpTimeouts?: SmtpTimeouts; readonly pushTimeoutMs?: number };

/** The transports this process can deliver by: those whose settings are given. */
export const configuredTransports = (config: Config, options: TransportOptions = {}): Transport[] => {
  const out: Transport[] = [];
  if (config.smtpUrl) {
    const mailer = createSmtpMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, ...(options.smtpTimeouts ? { timeouts: options.smtpTimeouts } : {}) });
    out.push(emailTransport(mailer, config.sendings.ratePerMinute));
  }
  if (config.push)
    out.push(
      pushTransport({
        ...config.push,
        ratePerMinute: config.pushRatePerMinute,
        allowPrivate: config.outboundAllowPrivate,
        ...(options.pushTimeoutMs ? { timeoutMs: options.pushTimeoutMs } : {}),
      }),
    );
  return out;
};
