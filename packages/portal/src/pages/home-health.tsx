import type { Child } from "hono/jsx";
import { when } from "../html/format.ts";
import { Table } from "../html/table.tsx";
import type { Health, Part, QueueDepth } from "./home-health-load.ts";
import { QUEUES_SHOWN } from "./home-health-load.ts";
import { BEHIND_CAP } from "./home-readiness.ts";
import type { FollowerStatus, Readiness, SendingsStatus } from "./home-readiness.ts";
import { transportLabel } from "./sendings/sending-types.tsx";

const UNAVAILABLE = "unavailable";
const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;
/** /readyz stops counting at its cap: the page does not claim more precision than it has. */
const behindText = (n: number) => (n >= BEHIND_CAP ? `${BEHIND_CAP} or more` : String(n));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One figure in a box; the box's colour says its level, and so do its words. */
const Box = (props: {
  testId: string;
  title: string;
  value: string;
  level?: "healthy" | "warning" | "critical" | undefined;
  children?: Child;
}) => (
  <div class={props.level ? `level-${props.level}` : undefined} data-testid={props.testId}>
    {props.title}
    <strong>{props.value}</strong>
    {props.children}
  </div>
);

const ReadinessBoxes = (props: { readiness: Part<Readiness> }) => {
  const r = props.readiness;
  if (r === UNAVAILABLE)
    return (
      <Box testId="service-readiness" title="Service" value={UNAVAILABLE}>
        <p class="hint">GET /readyz did not answer.</p>
      </Box>
    );
  const behind = r.followers?.filter((f) => f.behind > 0);
  return (
    <>
      <Box
        testId="service-readiness"
        title="Service"
        value={r.ready ? "Ready" : "Not ready"}
        level={r.ready ? "healthy" : "critical"}
      >
        <p class="hint">{r.ready ? "Taking traffic: /readyz answers 200." : "Out of rotation: /readyz answers 503."}</p>
      </Box>
      <Box
        testId="followers-behind"
        title="Followers behind"
        value={behind ? String(behind.length) : UNAVAILABLE}
        level={behind ? (behind.length ? "warning" : "healthy") : undefined}
      >
        <p class="hint">
          {r.followers
            ? `of ${plural(r.followers.length, "projection or reactor", "projections and reactors")}`
            : "/readyz lists none while the database is unreachable."}
        </p>
      </Box>
      {r.sendings === undefined ? null : <SendingsBox sendings={r.sendings} />}
    </>
  );
};

/**
 * The transports whose sendings stay pending here; by SMTP alone when the check's transports cannot be read (a service
 * from before SMS and push).
 */
const notConfigured = (s: SendingsStatus) =>
  s.transports === UNAVAILABLE
    ? s.smtpConfigured
      ? []
      : ["email"]
    : s.transports.filter((t) => !t.configured).map((t) => t.transport);

const SendingsBox = (props: { sendings: SendingsStatus | "unavailable" }) => {
  const s = props.sendings;
  if (s === UNAVAILABLE) return <Box testId="sendings-queue" title="Sendings queue" value={UNAVAILABLE} />;
  const idle = notConfigured(s).map(transportLabel);
  const high = s.bounceRateHigh ? " (above 5 %)" : "";
  const unconfigured = idle.length ? ` · not configured: ${idle.join(", ")}` : "";
  return (
    <Box testId="sendings-queue" title="Sendings queue" value={`${s.pending} pending`} level={s.level}>
      <span class={`badge ${s.level === "healthy" ? "ok" : s.level === "warning" ? "alert" : "critical"}`}>
        {s.level}
      </span>
      <p class="hint">{`Bounce rate, last 24 hours: ${percent(s.bounceRate24h)}${high}${unconfigured}`}</p>
    </Box>
  );
};

const FailedBox = (props: { failed: NonNullable<Health["failed"]> }) => {
  const f = props.failed;
  if (f === UNAVAILABLE) return <Box testId="failed-jobs" title="Failed jobs, last hour" value={UNAVAILABLE} />;
  return (
    <Box
      testId="failed-jobs"
      title="Failed jobs, last hour"
      value={String(f.count)}
      level={f.count ? "warning" : "healthy"}
    >
      <p class="hint">
        {`Since ${when(f.since)} · `}
        <a href="/portal/jobs?status=failed">Failed jobs</a>
      </p>
    </Box>
  );
};

const FollowersBehind = (props: { followers: readonly FollowerStatus[] }) => (
  <Table
    label="Followers behind"
    columns={[
      { title: "Follower" },
      { title: "Mode" },
      { title: "Events behind" },
      { title: "Recent lag (p99)", wide: true },
    ]}
  >
    {props.followers.map((f) => (
      <tr>
        <td class="mono">{f.name}</td>
        <td>{f.mode}</td>
        <td>{behindText(f.behind)}</td>
        <td class="hide-narrow">{f.p99Ms === null ? "—" : `${Math.round(f.p99Ms)} ms`}</td>
      </tr>
    ))}
  </Table>
);

const QueueDepths = (props: { queues: NonNullable<Health["queues"]> }) => {
  const q = props.queues;
  if (q === UNAVAILABLE)
    return (
      <>
        <h3 id="queues-heading">Job queues</h3>
        <p data-testid="job-queues">{UNAVAILABLE}</p>
      </>
    );
  const withDue = q.items.some((x) => x.due !== undefined);
  const due = (x: QueueDepth) => (x.due === undefined ? null : <td>{String(x.due)}</td>);
  return (
    <>
      <h3 id="queues-heading">Job queues</h3>
      <Table
        labelledBy="queues-heading"
        columns={[
          { title: "Queue" },
          { title: "State" },
          ...(withDue ? [{ title: "Due now" }] : []),
          { title: "Pending, due or not" },
          { title: "Running", wide: true },
        ]}
      >
        {q.items.map((x) => (
          <tr>
            <td class="mono">{x.queue}</td>
            <td>{x.paused ? <span class="badge warn">paused</span> : <span class="badge ok">running</span>}</td>
            {due(x)}
            <td>{String(x.pending)}</td>
            <td class="hide-narrow">{String(x.running)}</td>
          </tr>
        ))}
      </Table>
      {q.totalCount > q.items.length ? (
        <p class="hint">
          {`The first ${QUEUES_SHOWN} of ${q.totalCount} queues; `}
          <a href="/portal/jobs/queues">every queue</a>
        </p>
      ) : null}
    </>
  );
};

/**
 * The home page's health section: readiness with follower lag and the sendings queue (what
 * `/readyz` tells anyone), then, for who may read them, failed jobs of the last hour and the
 * job queues' depths. A part the API did not answer says "unavailable"; the rest still shows.
 */
export const HealthSection = (props: { health: Health }) => {
  const h = props.health;
  const r = h.readiness;
  const behind = r === UNAVAILABLE ? [] : (r.followers ?? []).filter((f) => f.behind > 0);
  return (
    <section aria-labelledby="health-heading">
      <h2 id="health-heading">Service health</h2>
      <div class="health">
        <ReadinessBoxes readiness={r} />
        {h.failed === undefined ? null : <FailedBox failed={h.failed} />}
      </div>
      {behind.length ? <FollowersBehind followers={behind} /> : null}
      {h.queues === undefined ? null : <QueueDepths queues={h.queues} />}
    </section>
  );
};
