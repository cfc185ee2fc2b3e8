import type { Context } from "hono";
import type { ApiClient } from "../../api/api-client.ts";

/** The queue's figures as `GET /metrics` exposes them (the sendings context's Prometheus text). */
export type QueueHealth = {
  readonly pending: number;
  readonly sent: number;
  readonly bounced: number;
  readonly cancelled: number;
  readonly bounceRate24h: number;
  readonly bounceRateHigh: boolean;
  readonly level: "healthy" | "warning" | "critical";
};

const LEVELS = ["healthy", "warning", "critical"] as const;

/** Reads the samples the page needs from Prometheus text; undefined when one is missing (another exporter, a proxy's page). */
export const parseQueueMetrics = (text: string): QueueHealth | undefined => {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m = /^([a-z0-9_]+(?:\{status="[a-z]+"\})?) (\S+)$/.exec(line);
    if (m) samples.set(m[1]!, Number(m[2]));
  }
  const get = (name: string) => samples.get(name);
  const values = [get("sendings_pending"), get('sendings_total{status="sent"}'), get('sendings_total{status="bounced"}'), get('sendings_total{status="cancelled"}'), get("sendings_bounce_rate_24h"), get("sendings_bounce_rate_high"), get("sendings_queue_level")];
  if (values.some((v) => v === undefined || !Number.isFinite(v))) return undefined;
  const [pending, sent, bounced, cancelled, rate, high, level] = values as number[];
  const named = LEVELS[level!];
  if (!named) return undefined;
  return { pending: pending!, sent: sent!, bounced: bounced!, cancelled: cancelled!, bounceRate24h: rate!, bounceRateHigh: high === 1, level: named };
};

/** The queue's health, asked of the service's own `/metrics` (the same figures a Prometheus scrape sees). */
export const loadQueueHealth = async (api: ApiClient, c: Context): Promise<QueueHealth | undefined> => {
  const answer = await api.metrics(c);
  return answer.status === 200 ? parseQueueMetrics(answer.text) : undefined;
};

const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;

/**
 * The queue's health by the spec's monitoring guidance: pending below 50 healthy, 50 to 100
 * warning, above 100 critical; a 24-hour bounce rate above 5 % suggests list quality problems.
 * Each box says its level in words as well as in colour.
 */
export const QueueHealthCards = (props: { health: QueueHealth | undefined }) => {
  const h = props.health;
  if (!h) return <p class="hint">The queue's figures are not available (GET /metrics did not answer them).</p>;
  const bounce = h.bounceRateHigh ? "critical" : "healthy";
  return (
    <section aria-labelledby="health-heading">
      <h2 id="health-heading" class="visually-hidden">
        Queue health
      </h2>
      <div class="health">
        <div class={`level-${h.level}`} data-testid="queue-level">
          Pending
          <strong>{h.pending}</strong>
          <span class={`badge ${h.level === "healthy" ? "ok" : h.level === "warning" ? "alert" : "critical"}`}>{h.level}</span>
          <p class="hint">below 50 healthy · 50 to 100 warning · above 100 critical</p>
        </div>
        <div class={`level-${bounce}`} data-testid="bounce-rate">
          Bounce rate, last 24 hours
          <strong>{percent(h.bounceRate24h)}</strong>
          <span class={`badge ${h.bounceRateHigh ? "critical" : "ok"}`}>{h.bounceRateHigh ? "above 5 %" : "at most 5 %"}</span>
          <p class="hint">{h.bounceRateHigh ? "Above 5 % suggests list quality problems." : "Bounced of sent and bounced."}</p>
        </div>
        <div>
          Sent, all time
          <strong>{h.sent}</strong>
          <p class="hint">{`${h.bounced} bounced · ${h.cancelled} cancelled, all time`}</p>
        </div>
      </div>
    </section>
  );
};
