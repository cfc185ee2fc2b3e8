import webpush from "web-push";
import { OutboundError, outboundRequest } from "@platform/outbound";
import type { SendingState } from "../sending/state.ts";
import { pushPayload } from "../input/push-input.ts";
import type { DeliveryOutcome, Transport } from "./transport.ts";

type PushOptions = {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly subject: string;
  readonly ratePerMinute: number;
  /** OUTBOUND_ALLOW_PRIVATE: push endpoints may be http and internal (tests, local development). */
  readonly allowPrivate: boolean;
  /** The whole exchange with the push service; default 10 s. */
  readonly timeoutMs?: number;
};

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export const retryAfterMs = (header: string | string[] | undefined, now = Date.now()): number | undefined => {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
};

/**
 * How a push service's answer counts (docs/SENDINGS.md): 2xx sent; 404 and 410 mean the browser's
 * subscription is gone (bounced at once); 429 and 5xx are transient (429 waits for Retry-After);
 * any other 4xx (a bad VAPID key, a payload too large) would fail the same way again: bounced.
 */
const classifyPushAnswer = (
  status: number,
  body: string,
  headers: Record<string, string | string[] | undefined>,
  messageId: string,
): DeliveryOutcome => {
  if (status >= 200 && status < 300) {
    const location = headers.location;
    return {
      kind: "sent",
      messageId: (Array.isArray(location) ? location[0] : location) ?? messageId,
      rejectedCopies: [],
    };
  }
  const error = `push service answered ${status}${body.trim() ? `: ${body.trim().slice(0, 300)}` : ""}`;
  const failed = { kind: "failed" as const, error, replyCode: String(status), messageId, copiesDelivered: false };
  if (status === 404 || status === 410)
    return { ...failed, permanent: true, error: `${error} (the subscription is gone)` };
  if (status === 429) {
    const wait = retryAfterMs(headers["retry-after"]);
    return { ...failed, permanent: false, ...(wait !== undefined ? { retryAfterMs: wait } : {}) };
  }
  return { ...failed, permanent: status >= 400 && status < 500 };
};

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption of RFC 8291:
 * the `web-push` package signs and encrypts; the request itself goes through the outbound
 * rule, so an endpoint that resolves to an internal address is never reached.
 */
export const pushTransport = (options: PushOptions): Transport => {
  const vapidDetails = { subject: options.subject, publicKey: options.publicKey, privateKey: options.privateKey };
  const deliver = async (sendingId: string, s: SendingState): Promise<DeliveryOutcome> => {
    const target = s.push;
    const failed = (error: string, replyCode: string, permanent: boolean): DeliveryOutcome => ({
      kind: "failed",
      permanent,
      error,
      replyCode,
      messageId: sendingId,
      copiesDelivered: false,
    });
    if (!target) return failed("the sending has no push subscription (erased)", "ERASED", true);
    let details: webpush.RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        pushPayload(s.subject ?? "", s.plainText ?? "", target.url),
        { vapidDetails, TTL: target.ttlSeconds, urgency: target.urgency, contentEncoding: "aes128gcm" },
      );
    } catch (error) {
      // A key the browser never made: no retry makes it encrypt.
      return failed(`cannot encrypt for this subscription: ${(error as Error).message}`, "UNENCRYPTABLE", true);
    }
    try {
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          .filter(([k]) => k.toLowerCase() !== "content-length")
          .map(([k, v]) => [k, String(v)]),
      );
      const answer = await outboundRequest({
        url: details.endpoint,
        headers,
        body: details.body ?? Buffer.alloc(0),
        allowPrivate: options.allowPrivate,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
      return classifyPushAnswer(answer.status, answer.body, answer.headers, sendingId);
    } catch (error) {
      const refused = error instanceof OutboundError && error.refused;
      return failed((error as Error).message, refused ? "REFUSED" : "NO_ANSWER", refused);
    }
  };
  return { name: "push", ratePerMinute: options.ratePerMinute, deliver, close: () => undefined };
};
