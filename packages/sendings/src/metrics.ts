import type { PlatformDeps } from "@platform/host";
import { bounceRate, isBounceRateHigh, queueLevel } from "./health.ts";
import { sendingStats } from "./read-model/queries.ts";
import type { SendingStats } from "./read-model/queries.ts";
import { transportNames } from "./sending/events.ts";

const LEVELS = { healthy: 0, warning: 1, critical: 2 } as const;

/**
 * The sendings' families on /metrics, read from the read model at scrape time: one query per
 * scrape, shared by the families (each family's collect asks; the first one reads).
 */
export const declareSendingsMetrics = (deps: PlatformDeps): void => {
  let reading: Promise<SendingStats> | undefined;
  const stats = () => {
    if (!reading) {
      reading = sendingStats(deps.db.kysely);
      // Kept for the families of this scrape only (their collects run together), not the next.
      const clear = () => setImmediate(() => (reading = undefined));
      reading.then(clear, clear);
    }
    return reading;
  };
  const { metrics } = deps;
  metrics.gauge({
    name: "sendings_pending",
    help: "Sendings waiting for delivery.",
    async collect() {
      this.set((await stats()).pending);
    },
  });
  metrics.counter({
    name: "sendings_total",
    help: "Sendings that reached a final status.",
    labelNames: ["status"],
    async collect() {
      const s = await stats();
      this.reset();
      for (const status of ["sent", "bounced", "cancelled"] as const) this.inc({ status }, s[status]);
    },
  });
  metrics.gauge({
    name: "sendings_transport_pending",
    help: "Sendings waiting for delivery, by transport (email, sms, push).",
    labelNames: ["transport"],
    async collect() {
      const s = await stats();
      for (const transport of transportNames) this.set({ transport }, s.byTransport[transport].pending);
    },
  });
  metrics.counter({
    name: "sendings_transport_total",
    help: "Sendings that reached a final status, by transport.",
    labelNames: ["transport", "status"],
    async collect() {
      const s = await stats();
      this.reset();
      for (const transport of transportNames)
        for (const status of ["sent", "bounced", "cancelled"] as const)
          this.inc({ transport, status }, s.byTransport[transport][status]);
    },
  });
  metrics.gauge({
    name: "sendings_bounce_rate_24h",
    help: "Bounced / (sent + bounced) over the last 24 hours.",
    async collect() {
      this.set(bounceRate(await stats()));
    },
  });
  metrics.gauge({
    name: "sendings_bounce_rate_high",
    help: "1 when the 24-hour bounce rate is above 5 % (list quality problems), else 0.",
    async collect() {
      this.set(isBounceRateHigh(bounceRate(await stats())) ? 1 : 0);
    },
  });
  metrics.gauge({
    name: "sendings_queue_level",
    help: "Queue health by the spec's thresholds: 0 healthy, 1 warning, 2 critical.",
    async collect() {
      this.set(LEVELS[queueLevel((await stats()).pending)]);
    },
  });
};
