import type { EventMetadata } from "@platform/kernel";
import { when } from "../../html/format.ts";
import type { Viewer } from "../../session/viewer.ts";

/** An event of `GET /resources/actors/{type}/{id}/journal`. */
export type JournalEvent = {
  readonly type: string;
  readonly version: number;
  /** The log position deliveries and a subscription's replay take. */
  readonly position: string;
  readonly globalPosition: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
};

/**
 * Who caused an event: the principal or client (a link when the viewer may open it), and the app's component when one
 * acted.
 */
const Who = (props: { m: JournalEvent["metadata"]; viewer: Viewer }) => {
  const { m, viewer } = props;
  const identity = m.principalId ? (
    viewer.can("iam/principals", "read") ? (
      <a href={`/portal/principals/${encodeURIComponent(m.principalId)}`}>{`principal ${m.principalId}`}</a>
    ) : (
      `principal ${m.principalId}`
    )
  ) : m.clientId ? (
    viewer.can("iam/clients", "read") ? (
      <a href={`/portal/clients/${encodeURIComponent(m.clientId)}`}>{`client ${m.clientId}`}</a>
    ) : (
      `client ${m.clientId}`
    )
  ) : (
    "the platform"
  );
  const component = m.componentId ? `, component ${m.componentId}` : "";
  const ingress = m.ingressId ? `, ingress ${m.ingressId}` : "";
  const app = m.appId ? ` through app ${m.appId}${component}${ingress}` : "";
  return (
    <>
      {identity}
      {app}
    </>
  );
};

/** One journal entry: version, type, when, who, the trace ids, its data, and a link to the state it left. */
export const JournalEntry = (props: { event: JournalEvent; viewer: Viewer; base: string; selected: boolean }) => {
  const { event: e, viewer } = props;
  const m = e.metadata;
  const trace: [string, string | undefined][] = [
    ["Session", m.sessionId],
    ["Request", m.requestId],
    ["Correlation", m.correlationId],
    ["Causation", m.causationId],
  ];
  return (
    <li class={props.selected ? "entry current" : "entry"} aria-current={props.selected ? "step" : undefined}>
      <h3>
        <span class="badge">{`v${e.version}`}</span> {e.type}
      </h3>
      <ul class="meta">
        <li>{`${when(m.at)} · #${e.globalPosition}`}</li>
        <li>
          Position <code>{e.position}</code>
        </li>
        <li>
          By <Who m={m} viewer={viewer} />
        </li>
        {trace.map(([label, value]) => (value ? <li>{`${label}: ${value}`}</li> : null))}
      </ul>
      <details>
        <summary>Data</summary>
        <pre class="json">{JSON.stringify(e.data, null, 2)}</pre>
      </details>
      <a href={`${props.base}?version=${e.version}#state-heading`}>{`State after v${e.version}`}</a>
    </li>
  );
};
