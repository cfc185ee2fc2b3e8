import type { PlatformDeps, PlatformMetrics } from "@platform/host";

/** How an attempt ended: a 2xx answer, another answer or none (network, timeout), or refused by the URL rule. */
export type AttemptOutcome = "delivered" | "failed" | "refused";

/** `subscriptions_delivery_attempts_total{outcome}`: webhook POSTs this process made. */
export const deliveryAttempts = (metrics: PlatformMetrics) =>
  metrics.counter({
    name: "subscriptions_delivery_attempts_total",
    help: "Webhook delivery attempts this process made, by outcome (delivered, failed, refused).",
    labelNames: ["outcome"],
  });

/** `subscriptions_delivery_delay_seconds`: from an event's append to its delivery's 2xx answer. */
export const deliveryDelay = (metrics: PlatformMetrics) =>
  metrics.histogram({
    name: "subscriptions_delivery_delay_seconds",
    help: "From an event's append to the 2xx answer that delivered it, retries included.",
    labelNames: [],
  });

/**
 * The subscriptions context's families: attempts and delays (counted by the deliverers) and subscriptions by status
 * (read at scrape time).
 */
export const declareSubscriptionsMetrics = (deps: PlatformDeps): void => {
  deliveryAttempts(deps.metrics);
  deliveryDelay(deps.metrics);
  deps.metrics.gauge({
    name: "subscriptions",
    help: "Subscriptions by status (active, paused, failing).",
    labelNames: ["status"],
    async collect() {
      const { rows } = await deps.db.pool.query<{ status: string; n: number }>(
        "SELECT status, count(*)::int AS n FROM subscriptions_subscriptions GROUP BY status",
      );
      this.reset();
      for (const status of ["active", "paused", "failing"])
        this.set({ status }, rows.find((r) => r.status === status)?.n ?? 0);
    },
  });
};
