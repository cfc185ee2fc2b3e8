import type { Context } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { Table } from "../../html/table.tsx";
import { parseReadiness } from "../home-readiness.ts";
import type { QueueFigures, TransportHealth } from "../home-readiness.ts";
import { transportLabel } from "./sending-types.tsx";

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

/**
 * Reads the samples the page needs from Prometheus text; undefined when one is missing (another exporter, a proxy's
 * page).
 */
export const parseQueueMetrics = (text: string): QueueHealth | undefined => {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m = /^([a-z0-9_]+(?:\{status="[a-z]+"\})?) (\S+)$/.exec(line);
    if (m) samples.set(m[1]!, Number(m[2]));
  }
  const get = (name: string) => samples.get(name);
  const values = [
    get("sendings_pending"),
    get('sendings_total{status="sent"}'),
    get('sendings_total{status="bounced"}'),
    get('sendings_total{status="cancelled"}'),
    get("sendings_bounce_rate_24h"),
    get("sendings_bounce_rate_high"),
    get("sendings_queue_level"),
  ];
  if (values.some((v) => v === undefined || !Number.isFinite(v))) return undefined;
  const [pending, sent, bounced, cancelled, rate, high, level] = values as number[];
  const named = LEVELS[level!];
  if (!named) return undefined;
  return {
    pending: pending!,
    sent: sent!,
    bounced: bounced!,
    cancelled: cancelled!,
    bounceRate24h: rate!,
    bounceRateHigh: high === 1,
    level: named,
  };
};

/** The queue's health, asked of the service's own `/metrics` (the same figures a Prometheus scrape sees). */
export const loadQueueHealth = async (api: ApiClient, c: Context): Promise<QueueHealth | undefined> => {
  const answer = await api.metrics(c);
  return answer.status === 200 ? parseQueueMetrics(answer.text) : undefined;
};

/**
 * Each transport's queue, from the sendings check of `/readyz` (public; its body comes with 503
 * as well): `/metrics` does not say which transports this process can deliver. "unavailable"
 * when the check is missing, failed, or in a shape this page does not know; a call that throws
 * takes only this table with it, not the page.
 */
export const loadTransportHealth = async (
  api: ApiClient,
  c: Context,
): Promise<readonly TransportHealth[] | "unavailable"> => {
  const answer = await api.call(c, "GET", "/readyz").catch(() => undefined);
  const sendings = answer?.status === 200 || answer?.status === 503 ? parseReadiness(answer.body)?.sendings : undefined;
  return sendings === undefined || sendings === "unavailable" ? "unavailable" : sendings.transports;
};

const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;

/** A level as a badge: the word, coloured (never colour alone). */
const LevelBadge = (props: { level: QueueFigures["level"] }) => (
  <span class={`badge ${props.level === "healthy" ? "ok" : props.level === "warning" ? "alert" : "critical"}`}>
    {props.level}
  </span>
);

const QueueBoxes = (props: { health: QueueHealth }) => {
  const h = props.health;
  const bounce = h.bounceRateHigh ? "critical" : "healthy";
  return (
    <div class="health">
      <div class={`level-${h.level}`} data-testid="queue-level">
        Pending
        <strong>{h.pending}</strong>
        <LevelBadge level={h.level} />
        <p class="hint">below 50 healthy · 50 to 100 warning · above 100 critical</p>
      </div>
      <div class={`level-${bounce}`} data-testid="bounce-rate">
        Bounce rate, last 24 hours
        <strong>{percent(h.bounceRate24h)}</strong>
        <span class={`badge ${h.bounceRateHigh ? "critical" : "ok"}`}>
          {h.bounceRateHigh ? "above 5 %" : "at most 5 %"}
        </span>
        <p class="hint">
          {h.bounceRateHigh ? "Above 5 % suggests list quality problems." : "Bounced of sent and bounced."}
        </p>
      </div>
      <div>
        Sent, all time
        <strong>{h.sent}</strong>
        <p class="hint">{`${h.bounced} bounced · ${h.cancelled} cancelled, all time`}</p>
      </div>
    </div>
  );
};

/** A transport this process cannot deliver keeps its sendings pending, whatever its level says: the row tells so. */
const TransportTable = (props: { transports: readonly TransportHealth[] | "unavailable" }) => (
  <>
    <h3 id="transports-heading">Queue by transport</h3>
    {props.transports === "unavailable" ? (
      <p class="hint" data-testid="transport-health">
        unavailable (GET /readyz did not answer each transport's queue)
      </p>
    ) : (
      <Table
        labelledBy="transports-heading"
        columns={[
          { title: "Transport" },
          { title: "Delivery" },
          { title: "Pending" },
          { title: "Level" },
          { title: "Bounce rate, last 24 hours", wide: true },
        ]}
      >
        {props.transports.map((t) => (
          <tr>
            <td>{transportLabel(t.transport)}</td>
            <td>{t.configured ? "configured" : "not configured: stays pending"}</td>
            <td>{String(t.pending)}</td>
            <td>
              <LevelBadge level={t.level} />
            </td>
            <td class="hide-narrow">{`${percent(t.bounceRate24h)}${t.bounceRateHigh ? " (above 5 %)" : ""}`}</td>
          </tr>
        ))}
      </Table>
    )}
  </>
);

/**
 * The queue's health by the spec's monitoring guidance: pending below 50 healthy, 50 to 100
 * warning, above 100 critical; a 24-hour bounce rate above 5 % suggests list quality problems.
 * Each box says its level in words as well as in colour; then the same for each transport.
 * A part the API did not answer says so, and the other still shows.
 */
export const QueueHealthCards = (props: {
  health: QueueHealth | undefined;
  transports: readonly TransportHealth[] | "unavailable";
}) => (
  <section class="queue-health" aria-labelledby="health-heading">
    <h2 id="health-heading" class="visually-hidden">
      Queue health
    </h2>
    {props.health ? (
      <QueueBoxes health={props.health} />
    ) : (
      <p class="hint">The queue's figures are not available (GET /metrics did not answer them).</p>
    )}
    <TransportTable transports={props.transports} />
  </section>
);
