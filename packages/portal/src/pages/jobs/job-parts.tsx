import type { Viewer } from "../../session/viewer.ts";
import type { JobStatus } from "./job-types.ts";

/** The jobs pages' section in the navigation. */
export const SECTION = "/portal/job-definitions";

const STATUS_CLASS: Readonly<Record<JobStatus, string>> = {
  waiting: "badge",
  pending: "badge",
  running: "badge info",
  succeeded: "badge ok",
  failed: "badge warn",
  cancelled: "badge",
};

export const StatusBadge = (props: { status: JobStatus }) => (
  <span class={STATUS_CLASS[props.status]}>{props.status}</span>
);

/** Any JSON, pretty, in a scrollable block (`aria-label` names it for a screen reader). */
export const JsonBlock = (props: { label: string; value: unknown }) => (
  <pre class="json" tabindex={0} aria-label={props.label}>
    {JSON.stringify(props.value, null, 2) ?? "null"}
  </pre>
);

/** Links between the jobs pages, each shown when the viewer may read what it lists. */
export const JobsLinks = (props: { viewer: Viewer; current: "definitions" | "jobs" | "queues" | "statistics" }) => {
  const links = [
    {
      key: "definitions",
      href: "/portal/job-definitions",
      label: "Definitions",
      show: props.viewer.can("job-definitions", "read"),
    },
    { key: "jobs", href: "/portal/jobs", label: "Jobs", show: props.viewer.can("jobs", "read") },
    { key: "queues", href: "/portal/jobs/queues", label: "Queues", show: props.viewer.can("job-queues", "read") },
    { key: "statistics", href: "/portal/jobs/statistics", label: "Statistics", show: props.viewer.can("jobs", "read") },
  ].filter((l) => l.show || l.key === props.current);
  return (
    <nav class="subnav" aria-label="Jobs pages">
      {links.map((l) => (
        <a href={l.href} aria-current={l.key === props.current ? "page" : undefined}>
          {l.label}
        </a>
      ))}
    </nav>
  );
};
