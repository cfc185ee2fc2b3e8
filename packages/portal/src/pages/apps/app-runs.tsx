import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { Table } from "../../html/table.tsx";
import type { Viewer } from "../../session/viewer.ts";
import type { RunOutcome, RunSummary } from "./app-types.ts";

/** How many failed runs the app's page lists (the newest). */
export const SHOWN_RUNS = 20;

/**
 * How many records the page reads, in one request without an outcome filter: by default only failed runs are recorded,
 * so the first SHOWN_RUNS are the answer; with APPS_RECORD_RUNS=all the ok ones among them are skipped, and reading
 * more than SHOWN_RUNS keeps the list full unless nearly every run ends ok. One request per failed outcome would
 * cost three and still need merging by time.
 */
const READ_RUNS = 100;

/** A list's error message cut to fit a cell; the run's page has it whole. */
const MESSAGE_CHARS = 120;

export type RunsAnswer =
  | { readonly kind: "refused" }
  | ApiAnswer<{ readonly runs: readonly RunSummary[]; readonly totalCount: number }>;

/** Whether the viewer may read the app's run records (what the API checks: apps/<appId>:debug or apps:debug). */
export const canDebug = (viewer: Viewer, appId: string) => viewer.can(`apps/${appId}`, "debug");

/** The app's newest run records; without the debug permission no request is made. */
export const fetchRuns = async (api: ApiClient, c: Context, viewer: Viewer, appId: string): Promise<RunsAnswer> => {
  if (!canDebug(viewer, appId)) return { kind: "refused" };
  const answer = await api.call<{ runs: RunSummary[]; totalCount: number }>(
    c,
    "GET",
    `/resources/apps/${encodeURIComponent(appId)}/runs?limit=${READ_RUNS}`,
  );
  // The session's scope may say more than the API grants (a role changed since sign-in): its 403 is the same note.
  return answer.status === 403 ? { kind: "refused" } : answer;
};

export const runHref = (appId: string, runId: string) =>
  `/portal/apps/${encodeURIComponent(appId)}/runs/${encodeURIComponent(runId)}`;

export const OutcomeBadge = (props: { outcome: RunOutcome }) => (
  <span class={props.outcome === "ok" ? "badge ok" : "badge warn"}>{props.outcome}</span>
);

const cut = (text: string | null) =>
  text === null ? "—" : text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS - 1)}…` : text;

const COLUMNS = [
  { title: "When" },
  { title: "Component" },
  { title: "Trigger", wide: true },
  { title: "Outcome" },
  { title: "Error", wide: true },
];

/**
 * The app's newest runs that did not end ok, each linking to its record; one line instead when the viewer may not
 * read records (or none is kept).
 */
export const FailedRuns = (props: { appId: string; answer: RunsAnswer }) => {
  const { answer } = props;
  if ("kind" in answer)
    return <p class="hint">{`Recorded runs need apps/${props.appId}:debug (or apps:debug), which you do not hold.`}</p>;
  if (answer.status !== 200) return <ApiErrorNotice answer={answer} />;
  const failed = answer.body.runs.filter((r) => r.outcome !== "ok").slice(0, SHOWN_RUNS);
  if (!failed.length) return <p>No failed run is recorded (records are kept for a few days).</p>;
  return (
    <>
      <Table labelledBy="runs-heading" columns={COLUMNS}>
        {failed.map((r) => (
          <tr>
            <td>
              <a href={runHref(props.appId, r.runId)}>{when(r.at)}</a>
            </td>
            <td class="mono">{r.componentId}</td>
            <td class="hide-narrow">{r.trigger}</td>
            <td>
              <OutcomeBadge outcome={r.outcome} />
            </td>
            <td class="mono hide-narrow" title={r.errorMessage ?? undefined}>
              {cut(r.errorMessage)}
            </td>
          </tr>
        ))}
      </Table>
      {answer.body.totalCount > failed.length ? (
        <p class="hint">{`The newest ${failed.length} failed runs; ${answer.body.totalCount} runs are recorded.`}</p>
      ) : null}
    </>
  );
};
