import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice } from "../../html/api-error.tsx";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import type { JobDefinition, Schedule } from "./job-types.ts";
import { scheduleInWords } from "./schedule-words.ts";

/** The fields a tenant may override on an app's definition (docs/JOBS.md), in the order shown. */
export const OVERRIDABLE = [
  "schedules",
  "scheduleSuspended",
  "scheduleConcurrency",
  "scheduleStartingDeadlineSeconds",
  "queue",
  "maxConcurrency",
] as const;
export type Overridable = (typeof OVERRIDABLE)[number];
type OverridableFields = { readonly [K in Overridable]: JobDefinition[K] };

const LABELS: Readonly<Record<Overridable, string>> = {
  schedules: "Schedules",
  scheduleSuspended: "Suspended",
  scheduleConcurrency: "Overlapping runs",
  scheduleStartingDeadlineSeconds: "Starting deadline",
  queue: "Queue",
  maxConcurrency: "Max concurrency",
};

type App = { readonly manifest: { readonly jobDefinitions?: readonly Readonly<Record<string, unknown>>[] } };

/** The author's default of an app's definition: its manifest entry, absent fields as the API defaults them. */
const defaultOf = (entry: Readonly<Record<string, unknown>>): OverridableFields => ({
  schedules: ((entry.schedules as Schedule[] | undefined) ?? []).map((s) => ({
    cron: s.cron,
    ...(s.timeZone ? { timeZone: s.timeZone } : {}),
  })),
  scheduleSuspended: (entry.scheduleSuspended as boolean | null | undefined) ?? false,
  scheduleConcurrency: (entry.scheduleConcurrency as "forbid" | "allow" | null | undefined) ?? "forbid",
  scheduleStartingDeadlineSeconds: (entry.scheduleStartingDeadlineSeconds as number | null | undefined) ?? null,
  queue: (entry.queue as string | null | undefined) ?? null,
  maxConcurrency: (entry.maxConcurrency as number | null | undefined) ?? null,
});

export type AppDefault =
  | { readonly fields: OverridableFields }
  | { readonly error: ApiAnswer }
  | { readonly missing: true };

/** Reads the app that brings `definition` (with the viewer's token) and finds its manifest entry. */
export const loadAppDefault = async (
  api: ApiClient,
  c: Context<PortalEnv>,
  definition: JobDefinition,
): Promise<AppDefault | undefined> => {
  if (!definition.appId) return undefined;
  const got = await api.call<App>(c, "GET", `/resources/apps/${encodeURIComponent(definition.appId)}`);
  if (got.status !== 200) return { error: got };
  const id = definition.jobDefinitionId.slice(`apps/${definition.appId}/`.length);
  const entry = (got.body.manifest.jobDefinitions ?? []).find((e) => e.id === id);
  return entry ? { fields: defaultOf(entry) } : { missing: true };
};

const schedulesOf = (s: readonly Schedule[]) =>
  JSON.stringify(s.map((x) => ({ cron: x.cron, timeZone: x.timeZone || "UTC" })));

/** Whether the current value of a field differs from the app's default. */
export const differs = (field: Overridable, current: JobDefinition, fallback: OverridableFields) =>
  field === "schedules"
    ? schedulesOf(current.schedules) !== schedulesOf(fallback.schedules)
    : current[field] !== fallback[field];

const shown = (field: Overridable, value: OverridableFields[Overridable]) => {
  if (field === "schedules") {
    const list = value as readonly Schedule[];
    return list.length ? (
      <ul class="plain">
        {list.map((s) => (
          <li>{scheduleInWords(s)}</li>
        ))}
      </ul>
    ) : (
      "none"
    );
  }
  if (field === "scheduleSuspended") return value ? "yes" : "no";
  if (field === "scheduleStartingDeadlineSeconds") return value === null ? "none" : `${value} s`;
  if (value === null) return field === "queue" ? "default" : "no limit";
  return String(value);
};

/** The tenant's override against the app author's default, field by field. */
export const OverrideTable = (props: { definition: JobDefinition; appDefault: AppDefault }) => {
  const d = props.appDefault;
  if ("error" in d) return <ApiErrorNotice answer={d.error} />;
  if ("missing" in d) return <p>The app no longer brings this definition.</p>;
  return (
    <Table
      labelledBy="override-heading"
      columns={[{ title: "Field" }, { title: "App's default" }, { title: "Current" }]}
    >
      {OVERRIDABLE.map((field) => {
        const changed = differs(field, props.definition, d.fields);
        return (
          <tr class={changed ? "changed" : undefined}>
            <th scope="row">
              {LABELS[field]}
              {changed ? <span class="badge info">overridden</span> : null}
            </th>
            <td>{shown(field, d.fields[field])}</td>
            <td>{shown(field, props.definition[field])}</td>
          </tr>
        );
      })}
    </Table>
  );
};
