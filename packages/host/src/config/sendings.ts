import * as v from "valibot";
import { type Env, int, readEnv, refuse, url } from "./env.ts";

/** How many bytes a base64url text (no padding) holds, or -1 when it is not base64url. */
function base64urlBytes(text: string): number {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, "base64url").length : -1;
}

/** An smpp:// URL names the account to bind as. */
function smppCredentials(text: string): boolean {
  return new URL(text).username !== "";
}

const entries = {
  SMTP_URL: v.optional(url(["smtp", "smtps"])),
  MAIL_FROM: v.optional(v.string(), "no-reply@localhost"),
  SENDINGS_INTERVAL_MS: v.optional(int(10), "10000"),
  SENDINGS_RATE_PER_MINUTE: v.optional(int(1), "60"),
  SENDINGS_RETRY_BASE_MS: v.optional(int(1), "60000"),
  SMS_URL: v.optional(
    v.pipe(
      url(["smpp", "ssmpp"]),
      v.check(smppCredentials, "must name the account: smpp://system_id:password@host:port"),
    ),
  ),
  SMS_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(\+[1-9]\d{1,14}|[A-Za-z0-9 ]{1,11})$/,
        "must be an E.164 number (+4915…) or an alphanumeric sender of at most 11 characters",
      ),
    ),
  ),
  SMS_RATE_PER_MINUTE: v.optional(int(1), "60"),
  VAPID_PUBLIC_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => base64urlBytes(s) === 65 && s.startsWith("B"),
        "must be a P-256 public key, 65 bytes in base64url (npx web-push generate-vapid-keys)",
      ),
    ),
  ),
  VAPID_PRIVATE_KEY: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => base64urlBytes(s) === 32, "must be a P-256 private key, 32 bytes in base64url"),
    ),
  ),
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
        "must be a mailto: or https: URL where the push services can reach you",
      ),
    ),
  ),
  PUSH_RATE_PER_MINUTE: v.optional(int(1), "600"),
};

/** The sendings' transports (email over SMTP, SMS over SMPP, Web Push) and their queue. */
export type SendingsConfig = {
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** The sending queue: how often it is polled, the email rate limit, the first retry's delay (doubling after). */
  readonly sendings: { readonly intervalMs: number; readonly ratePerMinute: number; readonly retryBaseMs: number };
  /** SMS over SMPP 3.4 (SMS_URL, SMS_FROM); undefined when SMS_URL is unset: SMS sendings then stay pending. */
  readonly sms: { readonly url: string; readonly from: string | undefined } | undefined;
  readonly smsRatePerMinute: number;
  /** Web Push with VAPID; undefined when the keys are unset: push sendings then stay pending. */
  readonly push: { readonly publicKey: string; readonly privateKey: string; readonly subject: string } | undefined;
  readonly pushRatePerMinute: number;
};

/** Who the push services may contact about our pushes: PUBLIC_URL when it is https, else MAIL_FROM's address. */
const defaultVapidSubject = (issuer: string, mailFrom: string) =>
  issuer.startsWith("https://") ? issuer : `mailto:${(/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim()}`;

/** `issuer` (the server slice's PUBLIC_URL) only fills VAPID_SUBJECT's default. */
export const parseSendingsConfig = (env: Env, issuer: string): SendingsConfig => {
  const e = readEnv(entries, env);
  refuse(
    !!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY
      ? ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys)"]
      : [],
  );
  return {
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sendings: {
      intervalMs: e.SENDINGS_INTERVAL_MS,
      ratePerMinute: e.SENDINGS_RATE_PER_MINUTE,
      retryBaseMs: e.SENDINGS_RETRY_BASE_MS,
    },
    sms: e.SMS_URL ? { url: e.SMS_URL, from: e.SMS_FROM } : undefined,
    smsRatePerMinute: e.SMS_RATE_PER_MINUTE,
    push:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? {
            publicKey: e.VAPID_PUBLIC_KEY,
            privateKey: e.VAPID_PRIVATE_KEY,
            subject: e.VAPID_SUBJECT ?? defaultVapidSubject(issuer, e.MAIL_FROM),
          }
        : undefined,
    pushRatePerMinute: e.PUSH_RATE_PER_MINUTE,
  };
};
