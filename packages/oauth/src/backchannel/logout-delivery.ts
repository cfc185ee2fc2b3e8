import { OutboundError, outboundRequest } from "@platform/outbound";
import { pollingLoop } from "@platform/host";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import type { IamPort, SessionEnd } from "../iam/iam-port.ts";
import type { KeyStore } from "../keys/signing-keys.ts";
import type { OAuthOptions } from "../options.ts";
import { signLogoutToken } from "./logout-token.ts";

/** How many ends one pass takes, and how long it holds them (beyond the 10 s a POST may take). */
const BATCH = 32;
const LEASE_S = 60;
const MAX_DELAY_MS = 3_600_000;

type Deps = {
  readonly iam: () => IamPort;
  readonly keys: KeyStore;
  readonly issuer: string;
  readonly options: OAuthOptions;
  readonly allowPrivate: boolean;
  readonly log: PlatformDeps["log"];
  readonly metrics: PlatformDeps["metrics"];
};

/** The delay before attempt `attempts + 1`: the base, doubling, ± 10 % jitter, at most an hour. */
export const retryDelayMs = (baseMs: number, attempts: number, random = Math.random): number =>
  Math.round(Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempts - 1)) * (0.9 + 0.2 * random()));

/**
 * Tells clients that their sessions ended (OpenID Connect Back-Channel Logout 1.0): each end
 * queued by IAM is POSTed as a signed logout_token to the client's current
 * backchannelLogoutUri, retried with backoff until a 2xx answer or `logoutGiveUpMs` after the
 * end. A client that has no URI any more (or is gone) is not told.
 */
export const createLogoutDelivery = (d: Deps) => {
  const outcomes = d.metrics.counter({
    name: "oauth_backchannel_logout_attempts_total",
    help: "Back-channel logout POSTs, by outcome (delivered, retry, abandoned, dropped)",
    labelNames: ["outcome"] as const,
  });

  const deliver = async (end: SessionEnd): Promise<void> => {
    const queue = d.iam().sessionEnds;
    const client = await d.iam().getClient(end.clientId);
    if (!client?.backchannelLogoutUri) {
      outcomes.inc({ outcome: "dropped" });
      return queue.done(end.sessionId);
    }
    const now = d.options.clock.now();
    let error: string;
    try {
      const token = await signLogoutToken(
        d.keys,
        { issuer: d.issuer, clientId: end.clientId, subject: end.subjectId, sessionId: end.sessionId },
        now,
      );
      const res = await outboundRequest({
        url: client.backchannelLogoutUri,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: new URLSearchParams({ logout_token: token }).toString(),
        allowPrivate: d.allowPrivate,
      });
      if (res.status >= 200 && res.status < 300) {
        outcomes.inc({ outcome: "delivered" });
        return queue.done(end.sessionId);
      }
      error = `HTTP ${res.status}${res.body ? `: ${res.body.slice(0, 200)}` : ""}`;
    } catch (e) {
      if (!(e instanceof OutboundError)) throw e;
      error = e.message;
    }
    if (now.getTime() - end.endedAt.getTime() >= d.options.logoutGiveUpMs) {
      outcomes.inc({ outcome: "abandoned" });
      d.log.warn(
        { clientId: end.clientId, sessionId: end.sessionId, attempts: end.attempts, error },
        "back-channel logout abandoned",
      );
      return queue.done(end.sessionId);
    }
    outcomes.inc({ outcome: "retry" });
    await queue.retryAt(
      end.sessionId,
      new Date(now.getTime() + retryDelayMs(d.options.logoutRetryBaseMs, end.attempts)),
      error,
    );
  };

  /** One pass: every due end, a batch at a time, the POSTs of a batch in parallel. */
  const pass = async (): Promise<number> => {
    let handled = 0;
    for (;;) {
      const due = await d.iam().sessionEnds.claim(BATCH, LEASE_S);
      const results = await Promise.allSettled(due.map(deliver));
      for (const r of results)
        if (r.status === "rejected") d.log.error({ err: r.reason }, "back-channel logout failed");
      handled += due.length;
      if (due.length < BATCH) return handled;
    }
  };

  return { pass };
};

type LogoutDelivery = ReturnType<typeof createLogoutDelivery>;

/**
 * The delivery loop of a worker process: woken by IAM's NOTIFY when a session ends, and every `logoutPollMs` for
 * retries.
 */
export const logoutDeliveryTask = (
  delivery: LogoutDelivery,
  deps: PlatformDeps,
  channel: string,
  pollMs: number,
): BackgroundTask => {
  const loop = pollingLoop({
    db: deps.db,
    channel,
    intervalMs: pollMs,
    pass: delivery.pass,
    onError: (err) => deps.log.error({ err }, "back-channel logout pass failed"),
  });
  return { name: "oauth-backchannel-logout", start: () => loop.start(), stop: () => loop.stop() };
};
