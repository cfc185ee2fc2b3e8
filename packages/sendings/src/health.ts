import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { sendingStats } from "./read-model/queries.ts";
import type { SendingCounts } from "./read-model/queries.ts";
import { transportNames } from "./sending/events.ts";
import type { TransportName } from "./sending/events.ts";

/** The spec's monitoring guidance: pending below 50 healthy, 50 to 100 warning, above 100 critical. */
const WARN_PENDING = 50;
const CRITICAL_PENDING = 100;
/** A bounce rate above 5 % (last 24 h) suggests list quality problems. */
const BOUNCE_RATE_LIMIT = 0.05;

type QueueLevel = "healthy" | "warning" | "critical";

export const queueLevel = (pending: number): QueueLevel =>
  pending > CRITICAL_PENDING ? "critical" : pending >= WARN_PENDING ? "warning" : "healthy";

/** bounced / (sent + bounced) over the last 24 h; 0 when nothing finished. */
export const bounceRate = (s: Pick<SendingCounts, "sent24h" | "bounced24h">): number => {
  const finished = s.sent24h + s.bounced24h;
  return finished === 0 ? 0 : s.bounced24h / finished;
};

/** Whether a bounce rate is above the spec's 5 % (exactly 5 % is not). */
export const isBounceRateHigh = (rate: number): boolean => rate > BOUNCE_RATE_LIMIT;

/**
 * The context's /readyz check. Advisory only (the spec says so): `ok` stays true whatever
 * the queue looks like, because taking an instance out of rotation neither drains the
 * queue nor fixes a bad list, and it would also stop operators cancelling sendings.
 */
export const sendingsHealth = async (db: Kysely<AnyDB>, configured: Readonly<Record<TransportName, boolean>>) => {
  const stats = await sendingStats(db);
  const health = (counts: SendingCounts) => {
    const rate = bounceRate(counts);
    return {
      status: queueLevel(counts.pending),
      pending: counts.pending,
      bounceRate24h: Math.round(rate * 10_000) / 10_000,
      bounceRateHigh: isBounceRateHigh(rate),
    };
  };
  return {
    ok: true,
    ...health(stats),
    smtpConfigured: configured.email,
    /** Each transport's queue: whether this process can deliver it, and its own thresholds. */
    transports: Object.fromEntries(
      transportNames.map((t) => [t, { configured: configured[t], ...health(stats.byTransport[t]) }]),
    ),
  };
};
