import type { Context } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { StatusBadge } from "./job-parts.tsx";
import type { Job, JobStatus } from "./job-types.ts";

/** The most related jobs whose status a job's page reads (the rest are listed by id). */
const READ_AT_MOST = 50;

type Related = { readonly jobId: string; readonly status: JobStatus | undefined };

/**
 * What a job waits for and what waits for it, each with its status as the viewer may read it (a job it may not read
 * shows no status): read from the API, at most READ_AT_MOST of each.
 */
export const relatedJobs = async (api: ApiClient, c: Context<PortalEnv>, j: Job) => {
  const read = (ids: readonly string[]) =>
    Promise.all(
      ids.map(async (jobId, i): Promise<Related> => {
        if (i >= READ_AT_MOST) return { jobId, status: undefined };
        const got = await api.call<Job>(c, "GET", `/resources/jobs/${encodeURIComponent(jobId)}`);
        return { jobId, status: got.status === 200 ? got.body.status : undefined };
      }),
    );
  const [waitsFor, waitedOnBy] = await Promise.all([read(j.dependsOn), read(j.dependents)]);
  return { waitsFor, waitedOnBy };
};

const RelatedTable = (props: { id: string; title: string; jobs: readonly Related[] }) =>
  props.jobs.length === 0 ? null : (
    <>
      <h2 id={props.id}>{props.title}</h2>
      <Table labelledBy={props.id} columns={[{ title: "Job" }, { title: "Status" }]}>
        {props.jobs.map((r) => (
          <tr>
            <td>
              <a href={`/portal/jobs/${encodeURIComponent(r.jobId)}`} class="mono">
                {r.jobId}
              </a>
            </td>
            <td>{r.status ? <StatusBadge status={r.status} /> : "—"}</td>
          </tr>
        ))}
      </Table>
    </>
  );

/** A job's page's dependencies: the jobs it waits for, and those waiting for it. */
export const Dependencies = (props: { related: Awaited<ReturnType<typeof relatedJobs>> }) => (
  <>
    <RelatedTable id="waits-for-heading" title="Waits for" jobs={props.related.waitsFor} />
    <RelatedTable id="waited-on-heading" title="Waiting for it" jobs={props.related.waitedOnBy} />
  </>
);
