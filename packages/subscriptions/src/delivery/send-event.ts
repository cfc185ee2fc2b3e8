import { OutboundError, outboundRequest } from "@platform/outbound";
import type { PlatformMetrics } from "@platform/host";
import type { RecordedEvent } from "@platform/event-store";
import type { AttemptLog } from "./attempts.ts";
import { deliveryAttempts, deliveryDelay } from "./delivery-metrics.ts";
import type { AttemptOutcome } from "./delivery-metrics.ts";
import { signedHeaders, webhookBody } from "./webhook.ts";

export type Target = { readonly subscriptionId: string; readonly url: string; readonly secret: string };

/** What the receiver said, short enough for the attempts' log. */
const answerError = (status: number, body: string) => `HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ""}`;

/**
 * One attempt at one event: signed, POSTed under the outbound rule (checked again after the
 * name resolves), logged for GET …/deliveries and counted. A 2xx answer delivers it; any other
 * answer, none within 10 s, or a refusal does not. Never throws for the receiver's sake.
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
    e: RecordedEvent,
    attempt: number,
  ): Promise<{ readonly delivered: boolean; readonly error: string | null }> => {
    const now = new Date();
    const body = webhookBody(e);
    let status: number | null = null;
    let error: string | null = null;
    let durationMs = 0;
    let outcome: AttemptOutcome = "failed";
    const started = performance.now();
    try {
      const answer = await outboundRequest({
        url: target.url,
        headers: signedHeaders(target.secret, e.id, body, now),
        body,
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
    if (outcome === "delivered") {
      const at = Date.parse(e.metadata.at);
      if (!Number.isNaN(at)) delay.observe(Math.max(0, Date.now() - at) / 1000);
    }
    options.attempts.record({
      subscriptionId: target.subscriptionId,
      webhookId: e.id,
      eventPosition: e.position,
      eventType: e.type,
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
