import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { pageStatus } from "../../html/api-error.tsx";
import { Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { JsonBlock } from "../jobs/job-parts.tsx";
import { APPS_SECTION } from "./app-list.tsx";
import { OutcomeBadge } from "./app-runs.tsx";
import type { RunRecord } from "./app-types.ts";
import { CallsTable, LogsTable, ReplayCommand, RunInput } from "./run-parts.tsx";

/** Where the run came from: its ingress, or its job (a link to the job's page). */
const Trigger = (props: { record: RunRecord }) => {
  const { record } = props;
  if (record.trigger === "job" && record.jobId)
    return (
      <>
        {"job "}
        <a class="mono" href={`/portal/jobs/${encodeURIComponent(record.jobId)}`}>
          {record.jobId}
        </a>
      </>
    );
  return <>{record.ingressId ? `ingress ${record.ingressId}` : record.trigger}</>;
};

/**
 * `/portal/apps/{appId}/runs/{runId}`: one recorded run (GET /resources/apps/{appId}/runs/{runId}, which needs
 * apps/<appId>:debug): what it was given, each ctx call and its answer, its logs, how it ended, and the command that
 * replays it. A record the API will not show (unknown, expired, not for this viewer) is the not-found page.
 */
export const appRunRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  app.get("/portal/apps/:appId/runs/:runId", async (c) => {
    const viewer = c.get("viewer");
    const appId = c.req.param("appId");
    const appHref = `/portal/apps/${encodeURIComponent(appId)}`;
    const got = await api.call<RunRecord>(
      c,
      "GET",
      `/resources/apps/${encodeURIComponent(appId)}/runs/${encodeURIComponent(c.req.param("runId"))}`,
    );
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={APPS_SECTION}
          what="Run"
          answer={got}
          back={appHref}
          backLabel="Back to the app"
        />,
        pageStatus(got),
      );
    const r = got.body;
    return render(
      c,
      <Page title={`Run of ${r.appId}/${r.componentId}`} viewer={viewer} section={APPS_SECTION}>
        <p>
          <a href={appHref}>{`Back to ${r.appId}`}</a>
        </p>
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Summary</h2>
          <dl class="facts">
            <dt>Run</dt>
            <dd class="mono">{r.runId}</dd>
            <dt>Component</dt>
            <dd class="mono">{`${r.componentId} (version ${r.appVersion} of the app)`}</dd>
            <dt>Trigger</dt>
            <dd>
              <Trigger record={r} />
            </dd>
            <dt>Started</dt>
            <dd>{r.at}</dd>
            <dt>Duration</dt>
            <dd>{`${r.durationMs} ms`}</dd>
            <dt>Outcome</dt>
            <dd>
              <OutcomeBadge outcome={r.outcome} />
            </dd>
            <dt>Tape</dt>
            <dd>{`seed ${r.seed ?? "none"}, ${r.clock.length} clock readings, ${r.uuids.length} ids`}</dd>
          </dl>
        </section>
        {r.error ? (
          <>
            <h2 id="error-heading">Error</h2>
            <JsonBlock label="Error" value={r.error} />
          </>
        ) : (
          <>
            <h2 id="result-heading">Result</h2>
            <JsonBlock label="Result" value={r.result} />
          </>
        )}
        <h2 id="replay-heading">Replay</h2>
        <ReplayCommand record={r} publicUrl={api.publicUrl} />
        <h2 id="input-heading">Input</h2>
        <RunInput input={r.input} />
        <h2 id="calls-heading">ctx calls</h2>
        <CallsTable calls={r.calls} />
        <h2 id="logs-heading">Logs</h2>
        <LogsTable logs={r.logs} />
      </Page>,
    );
  });

  return app;
};
