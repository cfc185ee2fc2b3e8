import { OutboundError, outboundRequest } from "@platform/outbound";
import type { PlatformMetrics } from "@platform/host";
import type { AttemptLog } from "./attempts.ts";
import { deliveryAttempts, deliveryDelay } from "./delivery-metrics.ts";
import type { AttemptOutcome } from "./delivery-metrics.ts";
import { signedHeaders } from "./webhook.ts";

/**
 * Where a subscription delivers (a live subscription's state is one), and the secrets that sign: the current one,
 * and while a rotation's day runs the one it replaced.
 */
export type Target = {
  readonly subscriptionId: string;
  readonly url: string;
  readonly secret: string;
  readonly previousSecret?: { readonly secret: string; readonly until: string } | null;
};

/**
 * One delivery as it leaves: the body to POST, or why there is none (a transform failed, which counts as a failed
 * attempt). `eventPosition` is null for a test event; `at` is when the event was committed, for the delay metric.
 */
export type Outgoing = {
  readonly webhookId: string;
  readonly eventPosition: string | null;
  readonly eventType: string;
  readonly at: string | undefined;
  readonly body: string | { readonly failed: string };
};

/** What the receiver said, short enough for the attempts' log. */
const answerError = (status: number, body: string) => `HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ""}`;

/** The secrets that sign at `now`: the current one first. */
const signingSecrets = (target: Target, now: Date): string[] =>
  target.previousSecret && Date.parse(target.previousSecret.until) > now.getTime()
    ? [target.secret, target.previousSecret.secret]
    : [target.secret];

/**
 * One attempt at one delivery: signed, POSTed under the outbound rule (checked again after the
 * name resolves), logged for GET …/deliveries and counted. A 2xx answer delivers it; any other
 * answer, none within 10 s, a refusal or a failed transform does not. Never throws for the receiver's sake.
 */
export const createSender = (options: {
  readonly attempts: AttemptLog;
  readonly metrics: PlatformMetrics;
  readonly allowPrivate: boolean;
  readonly timeoutMs?: number;
}) => {
  const attemptsTotal = deliveryAttempts(options.metrics);
  const delay = deliveryDelay(options.metrics);
  return async (
    target: Target,
    out: Outgoing,
    attempt: number,
    /** The subscription's limit a second: waited for right before the attempt starts (pacer.ts). */
    pace?: () => Promise<void> | undefined,
  ): Promise<{ readonly delivered: boolean; readonly error: string | null }> => {
    await pace?.();
    const now = new Date();
    let status: number | null = null;
    let error: string | null = null;
    let durationMs = 0;
    let outcome: AttemptOutcome = "failed";
    const started = performance.now();
    if (typeof out.body !== "string") error = out.body.failed;
    else
      try {
        const answer = await outboundRequest({
          url: target.url,
          headers: signedHeaders(signingSecrets(target, now), out.webhookId, out.body, now),
          body: out.body,
          allowPrivate: options.allowPrivate,
          timeoutMs: options.timeoutMs,
        });
        status = answer.status;
        durationMs = answer.durationMs;
        if (status >= 200 && status < 300) outcome = "delivered";
        else error = answerError(status, answer.body);
      } catch (e) {
        durationMs = Math.round(performance.now() - started);
        error = e instanceof Error ? e.message : String(e);
        if (e instanceof OutboundError && e.refused) outcome = "refused";
      }
    attemptsTotal.inc({ outcome });
    if (outcome === "delivered" && out.at !== undefined) {
      const at = Date.parse(out.at);
      if (!Number.isNaN(at)) delay.observe(Math.max(0, Date.now() - at) / 1000);
    }
    options.attempts.record({
      subscriptionId: target.subscriptionId,
      webhookId: out.webhookId,
      eventPosition: out.eventPosition,
      eventType: out.eventType,
      attempt,
      attemptedAt: now,
      status,
      durationMs,
      error,
    });
    return { delivered: outcome === "delivered", error };
  };
};
export type Sender = ReturnType<typeof createSender>;
