import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { FilterForm, SelectFilter, TextFilter } from "../../html/filters.tsx";
import { Page } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { JobsLinks, SECTION, StatusBadge } from "./job-parts.tsx";
import { JOB_STATUSES, definitionHref } from "./job-types.ts";
import type { Job, JobStatus } from "./job-types.ts";
import { inZone, viewerZone } from "./viewer-zone.ts";
import { ZoneForm } from "./zone-form.tsx";

const LIMIT = 25;

/** `/portal/jobs`: jobs newest first, by status, definition and batch (with its counts), paged. */
export const jobListRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  app.get("/portal/jobs", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const zone = viewerZone(c);
    const status = JOB_STATUSES.includes(q.status as JobStatus) ? q.status : undefined;
    const filters = {
      status,
      jobDefinitionId: q.jobDefinitionId?.trim() || undefined,
      batchId: q.batchId?.trim() || undefined,
      zone: zone.source === "chosen" ? zone.zone : undefined,
    };
    const asked = { status, jobDefinitionId: filters.jobDefinitionId, batchId: filters.batchId };
    const answer = await api.call<ListPage & { jobs: Job[] }>(c, "GET", `/resources/jobs${listQuery(LIMIT, asked, q)}`);
    // A batch's counts by status, above its jobs.
    const batch = filters.batchId
      ? await api.call<{ total: number; byStatus: Record<string, number> }>(
          c,
          "GET",
          `/resources/job-batches/${encodeURIComponent(filters.batchId)}`,
        )
      : undefined;
    return render(
      c,
      <Page title="Jobs" viewer={viewer} section={SECTION}>
        <JobsLinks viewer={viewer} current="jobs" />
        <FilterForm action="/portal/jobs" label="Find jobs">
          <SelectFilter name="status" label="Status" options={JOB_STATUSES} value={status} />
          <TextFilter
            name="jobDefinitionId"
            label="Definition"
            value={filters.jobDefinitionId}
            maxlength={256}
            placeholder="e.g. reports/eu/nightly"
          />
          <TextFilter name="batchId" label="Batch" value={filters.batchId} maxlength={36} placeholder="a batch's id" />
          {filters.zone ? <input type="hidden" name="zone" value={filters.zone} /> : null}
        </FilterForm>
        <ZoneForm
          action="/portal/jobs"
          viewer={zone}
          keep={{ status, jobDefinitionId: filters.jobDefinitionId, batchId: filters.batchId }}
        />
        {batch?.status === 200 ? (
          <p aria-label="Batch counts">
            {`Batch of ${batch.body.total} jobs: `}
            {Object.entries(batch.body.byStatus)
              .filter(([, n]) => n > 0)
              .map(([s, n]) => `${n} ${s}`)
              .join(", ")}
          </p>
        ) : null}
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : answer.body.jobs.length === 0 ? (
          <p>No jobs match.</p>
        ) : (
          <>
            <Table
              label="Jobs"
              columns={[
                { title: "Job" },
                { title: "Status" },
                { title: "Due" },
                { title: "Definition", wide: true },
                { title: "Finished", wide: true },
                { title: "Trigger", wide: true },
              ]}
            >
              {answer.body.jobs.map((j) => (
                <tr>
                  <td>
                    <a href={`/portal/jobs/${encodeURIComponent(j.jobId)}`} class="mono" aria-label={`Job ${j.jobId}`}>
                      {j.jobId.slice(-12)}
                    </a>
                  </td>
                  <td>
                    <StatusBadge status={j.status} />
                  </td>
                  <td>{inZone(j.runAt, zone.zone)}</td>
                  <td class="hide-narrow">
                    <a href={definitionHref(j.jobDefinitionId)} class="mono">
                      {j.jobDefinitionId}
                    </a>
                  </td>
                  <td class="hide-narrow">{inZone(j.finishedAt, zone.zone)}</td>
                  <td class="hide-narrow">{j.trigger}</td>
                </tr>
              ))}
            </Table>
            <Pager
              base="/portal/jobs"
              filters={filters}
              page={answer.body}
              shown={answer.body.jobs.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });

  return app;
};
