import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { FilterForm } from "../../html/filters.tsx";
import { Page } from "../../html/layout.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { countsChart, durationsChart, minutesOf } from "./chart-model.ts";
import { CountsSvg, DurationsSvg } from "./chart-svg.tsx";
import { JobsLinks, SECTION } from "./job-parts.tsx";
import { definitionHref } from "./job-types.ts";
import type { JobDefinition, StatisticsBucket } from "./job-types.ts";
import { ZONES, inZone, partsInZone, viewerZone } from "./viewer-zone.ts";

/** The windows a viewer may pick, in minutes: the last hour (default), 6 hours, a day. */
export const WINDOWS: Readonly<Record<string, { readonly minutes: number; readonly label: string }>> = {
  "1h": { minutes: 60, label: "the last hour" },
  "6h": { minutes: 360, label: "the last 6 hours" },
  "24h": { minutes: 1440, label: "the last 24 hours" },
};

const ms = (v: number | null) => (v === null ? "—" : `${Math.round(v * 10) / 10} ms`);

/** One definition's buckets: totals, the two charts, and the numbers in a table. */
const DefinitionStatistics = (props: {
  id: string;
  index: number;
  minutes: readonly string[];
  buckets: readonly StatisticsBucket[];
  zone: string;
}) => {
  const byMinute = new Map(props.buckets.map((b) => [b.bucketTime, b]));
  const sum = (f: "scheduled" | "successful" | "failed") => props.buckets.reduce((n, b) => n + b[f], 0);
  const counts = countsChart(props.minutes, byMinute, props.zone);
  const durations = durationsChart(props.minutes, byMinute, props.zone);
  const headingId = `definition-${props.index}`;
  const totals = `${sum("successful")} successful, ${sum("failed")} failed, ${sum("scheduled")} scheduled`;
  const runs = "shortest, mean and longest run in ms";
  return (
    <section class="card statistics" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <a href={definitionHref(props.id)} class="mono">
          {props.id}
        </a>
      </h2>
      <p>{`${sum("scheduled")} scheduled, ${sum("successful")} successful, ${sum("failed")} failed.`}</p>
      <h3>Jobs per minute</h3>
      <CountsSvg chart={counts} label={`Jobs of ${props.id} per minute: ${totals}; times in ${props.zone}`} />
      {durations.ranges.length ? (
        <>
          <h3>Execution time</h3>
          <DurationsSvg
            chart={durations}
            label={`Execution times of ${props.id} per minute, ${runs}; times in ${props.zone}`}
          />
        </>
      ) : null}
      <details>
        <summary>The numbers</summary>
        <Table
          label={`Per-minute numbers of ${props.id}`}
          columns={[
            { title: "Minute" },
            { title: "Scheduled" },
            { title: "Successful" },
            { title: "Failed" },
            { title: "Shortest" },
            { title: "Mean" },
            { title: "Longest" },
            { title: "Due, waiting" },
          ]}
        >
          {props.buckets.map((b) => (
            <tr>
              <td>
                <time datetime={b.bucketTime}>{partsInZone(b.bucketTime, props.zone).time}</time>
              </td>
              <td>{String(b.scheduled)}</td>
              <td>{String(b.successful)}</td>
              <td>{String(b.failed)}</td>
              <td>{ms(b.minExecution)}</td>
              <td>{ms(b.avgExecution)}</td>
              <td>{ms(b.maxExecution)}</td>
              <td>{String(b.totalQueueDepth)}</td>
            </tr>
          ))}
        </Table>
        <p class="hint">Minutes without jobs are left out.</p>
      </details>
    </section>
  );
};

/** `/portal/jobs/statistics`: per-minute charts per definition over a window, drawn on the server. */
export const statisticsRoutes = (api: ApiClient, now: () => Date = () => new Date()) => {
  const app = new Hono<PortalEnv>();

  app.get("/portal/jobs/statistics", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const zone = viewerZone(c);
    const windowKey = q.window && Object.hasOwn(WINDOWS, q.window) ? q.window : "1h";
    const window = WINDOWS[windowKey]!;
    const definitionId = q.jobDefinitionId?.trim() || undefined;
    const minutes = minutesOf(now(), window.minutes);
    const query = new URLSearchParams({ from: minutes[0]!, to: minutes.at(-1)! });
    if (definitionId) query.set("jobDefinitionId", definitionId);
    const [answer, definitions] = await Promise.all([
      api.call<StatisticsBucket[]>(c, "GET", `/resources/jobs/statistics?${query}`),
      viewer.can("job-definitions", "read")
        ? api.call<{ jobDefinitions: JobDefinition[] }>(c, "GET", "/resources/job-definitions?limit=100")
        : undefined,
    ]);
    const byDefinition = new Map<string, StatisticsBucket[]>();
    if (answer.status === 200)
      for (const b of answer.body)
        byDefinition.set(b.jobDefinitionId, [...(byDefinition.get(b.jobDefinitionId) ?? []), b]);
    const span = `From ${inZone(minutes[0], zone.zone)} to ${inZone(minutes.at(-1), zone.zone)}`;
    const known = definitions?.status === 200 ? definitions.body.jobDefinitions.map((d) => d.jobDefinitionId) : [];
    return render(
      c,
      <Page title="Job statistics" viewer={viewer} section={SECTION}>
        <JobsLinks viewer={viewer} current="statistics" />
        <FilterForm action="/portal/jobs/statistics" label="Choose the statistics">
          <div>
            <label for="window">Window</label>
            <select id="window" name="window">
              {Object.entries(WINDOWS).map(([key, w]) => (
                <option value={key} selected={key === windowKey}>
                  {w.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label for="jobDefinitionId">Definition (empty: all)</label>
            <input
              id="jobDefinitionId"
              name="jobDefinitionId"
              type="text"
              list="definition-ids"
              maxlength={256}
              value={definitionId ?? ""}
            />
            <datalist id="definition-ids">
              {known.map((id) => (
                <option value={id} />
              ))}
            </datalist>
          </div>
          <div>
            <label for="zone">Show times in</label>
            <select id="zone" name="zone">
              {ZONES.map((z) => (
                <option value={z} selected={z === zone.zone}>
                  {z}
                </option>
              ))}
            </select>
          </div>
        </FilterForm>
        <p class="hint" id="zone-shown">{`${span}; times are shown in ${zone.zone}. Each bar is one minute.`}</p>
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : byDefinition.size === 0 ? (
          <p>No jobs were scheduled or finished in this window.</p>
        ) : (
          [...byDefinition]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([id, buckets], i) => (
              <DefinitionStatistics id={id} index={i} minutes={minutes} buckets={buckets} zone={zone.zone} />
            ))
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });

  return app;
};
