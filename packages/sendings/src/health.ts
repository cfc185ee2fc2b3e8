import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { sendingStats } from "./read-model/queries.ts";
import type { SendingStats } from "./read-model/queries.ts";

/** The spec's monitoring guidance: pending below 50 healthy, 50 to 100 warning, above 100 critical. */
export const WARN_PENDING = 50;
export const CRITICAL_PENDING = 100;
/** A bounce rate above 5 % (last 24 h) suggests list quality problems. */
export const BOUNCE_RATE_LIMIT = 0.05;

export type QueueLevel = "healthy" | "warning" | "critical";

export const queueLevel = (pending: number): QueueLevel => (pending > CRITICAL_PENDING ? "critical" : pending >= WARN_PENDING ? "warning" : "healthy");

/** bounced / (sent + bounced) over the last 24 h; 0 when nothing finished. */
export const bounceRate = (s: Pick<SendingStats, "sent24h" | "bounced24h">): number => {
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
export const sendingsHealth = async (db: Kysely<AnyDB>, smtpConfigured: boolean) => {
  const stats = await sendingStats(db);
  const rate = bounceRate(stats);
  return {
    ok: true,
    status: queueLevel(stats.pending),
    pending: stats.pending,
    bounceRate24h: Math.round(rate * 10_000) / 10_000,
    bounceRateHigh: isBounceRateHigh(rate),
    smtpConfigured,
  };
};

/** Prometheus text exposition (version 0.0.4) of the sendings counts. */
export const prometheusText = (stats: SendingStats): string => {
  const level = queueLevel(stats.pending);
  const rate = bounceRate(stats);
  return [
    "# HELP sendings_pending Sendings waiting for delivery.",
    "# TYPE sendings_pending gauge",
    `sendings_pending ${stats.pending}`,
    "# HELP sendings_total Sendings that reached a final status.",
    "# TYPE sendings_total counter",
    `sendings_total{status="sent"} ${stats.sent}`,
    `sendings_total{status="bounced"} ${stats.bounced}`,
    `sendings_total{status="cancelled"} ${stats.cancelled}`,
    "# HELP sendings_bounce_rate_24h Bounced / (sent + bounced) over the last 24 hours.",
    "# TYPE sendings_bounce_rate_24h gauge",
    `sendings_bounce_rate_24h ${rate}`,
    "# HELP sendings_bounce_rate_high 1 when the 24-hour bounce rate is above 5 % (list quality problems), else 0.",
    "# TYPE sendings_bounce_rate_high gauge",
    `sendings_bounce_rate_high ${isBounceRateHigh(rate) ? 1 : 0}`,
    "# HELP sendings_queue_level Queue health by the spec's thresholds: 0 healthy, 1 warning, 2 critical.",
    "# TYPE sendings_queue_level gauge",
    `sendings_queue_level ${level === "healthy" ? 0 : level === "warning" ? 1 : 2}`,
    "",
  ].join("\n");
};
