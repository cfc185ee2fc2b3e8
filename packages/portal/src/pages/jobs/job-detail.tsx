import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { CsrfField, Notice, Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { JobsLinks, JsonBlock, SECTION, StatusBadge } from "./job-parts.tsx";
import { definitionHref } from "./job-types.ts";
import type { Job } from "./job-types.ts";
import { inZone, viewerZone } from "./viewer-zone.ts";
import { ZoneForm } from "./zone-form.tsx";
import { Dependencies, relatedJobs } from "./job-dependencies.tsx";

type Extras = { readonly done?: string; readonly error?: ApiAnswer };

/**
 * `/portal/jobs/{jobId}`: one job, its parameters, result or error, its failed attempts, what it waits for and what
 * waits for it; cancel while pending or waiting.
 */
export const jobDetailRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (c: Context<PortalEnv>, jobId: string, extras: Extras = {}) => {
    const viewer = c.get("viewer");
    const got = await api.call<Job>(c, "GET", `/resources/jobs/${encodeURIComponent(jobId)}`);
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={SECTION}
          what="Job"
          answer={got}
          back="/portal/jobs"
          backLabel="Back to jobs"
        />,
        pageStatus(got),
      );
    const j = got.body;
    const related = await relatedJobs(api, c, j);
    const zone = viewerZone(c);
    const href = `/portal/jobs/${encodeURIComponent(j.jobId)}`;
    return render(
      c,
      <Page title={`Job ${j.jobId}`} viewer={viewer} section={SECTION}>
        <JobsLinks viewer={viewer} current="jobs" />
        {extras.done === "cancelled" ? <Notice kind="success">Cancelled: the job will not run.</Notice> : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <dl class="facts">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={j.status} />
            </dd>
            <dt>Definition</dt>
            <dd>
              <a href={definitionHref(j.jobDefinitionId)} class="mono">
                {j.jobDefinitionId}
              </a>
            </dd>
            <dt>Trigger</dt>
            <dd>{j.trigger}</dd>
            {j.batchId ? (
              <>
                <dt>Batch</dt>
                <dd>
                  <a href={`/portal/jobs?batchId=${encodeURIComponent(j.batchId)}`} class="mono">
                    {j.batchId}
                  </a>
                </dd>
              </>
            ) : null}
            {j.cancelReason ? (
              <>
                <dt>Cancelled because</dt>
                <dd>{j.cancelReason}</dd>
              </>
            ) : null}
            <dt>Attempt</dt>
            <dd>
              {j.attempt === 0
                ? "not run yet"
                : j.status === "pending"
                  ? `${j.attempt} (next, after ${j.errors.length} failed)`
                  : String(j.attempt)}
            </dd>
            <dt>Due</dt>
            <dd>{inZone(j.runAt, zone.zone)}</dd>
            <dt>Scheduled</dt>
            <dd>{inZone(j.createdAt, zone.zone)}</dd>
            <dt>Started</dt>
            <dd>{inZone(j.startedAt, zone.zone)}</dd>
            <dt>Finished</dt>
            <dd>{inZone(j.finishedAt, zone.zone)}</dd>
          </dl>
          {(j.status === "pending" || j.status === "waiting") && viewer.can(`jobs/${j.jobDefinitionId}`, "write") ? (
            <form
              method="post"
              action={`${href}/cancel`}
              data-confirm="Cancel this job? It will not run."
              class="actions"
            >
              <CsrfField viewer={viewer} />
              <button type="submit" class="danger">
                Cancel job
              </button>
            </form>
          ) : null}
        </section>
        <ZoneForm action={href} viewer={zone} />
        <Dependencies related={related} />
        <h2 id="parameters-heading">Parameters</h2>
        <JsonBlock label="Parameters" value={j.parameters} />
        {j.error !== null ? (
          <>
            <h2 id="error-heading">Error</h2>
            <pre class="json error" tabindex={0} aria-label="Error">
              {j.error}
            </pre>
          </>
        ) : null}
        {j.errors.length > 0 ? (
          <>
            <h2 id="attempts-heading">Failed attempts</h2>
            <Table
              label="Failed attempts"
              columns={[{ title: "Attempt" }, { title: "Failed", wide: true }, { title: "Error" }]}
            >
              {j.errors.map((e) => (
                <tr>
                  <td>{String(e.attempt)}</td>
                  <td class="hide-narrow">{inZone(e.failedAt, zone.zone)}</td>
                  <td class="mono">{e.message}</td>
                </tr>
              ))}
            </Table>
          </>
        ) : null}
        {j.status === "succeeded" ? (
          <>
            <h2 id="result-heading">Result</h2>
            <JsonBlock label="Result" value={j.result} />
          </>
        ) : null}
      </Page>,
      pageStatus(extras.error),
    );
  };

  app.get("/portal/jobs/:jobId", (c) => page(c, c.req.param("jobId"), { done: c.req.query("done") }));

  /** Cancels a pending job (DELETE); a running or finished one is the API's 409, shown as its message. */
  app.post("/portal/jobs/:jobId/cancel", async (c) => {
    const jobId = c.req.param("jobId");
    const answer = await api.call(c, "DELETE", `/resources/jobs/${encodeURIComponent(jobId)}`);
    if (answer.status !== 204) return page(c, jobId, { error: answer });
    return c.redirect(`/portal/jobs/${encodeURIComponent(jobId)}?done=cancelled`, 303);
  });

  return app;
};
