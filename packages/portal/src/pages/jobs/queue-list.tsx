import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { CsrfField, Notice, Page } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv, Viewer } from "../../session/viewer.ts";
import { JobsLinks, SECTION } from "./job-parts.tsx";
import type { JobQueue } from "./job-types.ts";

const LIMIT = 50;
/** A queue's name as the API takes it: only such a name from the link is repeated in the notice. */
const QUEUE_NAME = /^[A-Za-z0-9._~-]{1,64}$/;
const BASE = "/portal/jobs/queues";

/** What a redirect after an action may say (`?done=`): fixed texts. */
const DONE: Readonly<Record<string, string>> = {
  paused: "Paused: no worker starts its jobs until it is resumed. Running ones finish; schedules still make jobs.",
  resumed: "Resumed: its due jobs start now.",
};

const Toggle = (props: { viewer: Viewer; queue: JobQueue }) => {
  const q = props.queue;
  return (
    <form
      method="post"
      action={`${BASE}/${encodeURIComponent(q.queue)}/state`}
      class="actions"
      data-confirm={q.paused ? undefined : `Pause queue ${q.queue}? No worker starts its jobs until it is resumed.`}
    >
      <CsrfField viewer={props.viewer} />
      <input type="hidden" name="paused" value={q.paused ? "false" : "true"} />
      <button type="submit" class="secondary" aria-label={`${q.paused ? "Resume" : "Pause"} queue ${q.queue}`}>
        {q.paused ? "Resume" : "Pause"}
      </button>
    </form>
  );
};

/**
 * `/portal/jobs/queues`: each queue paused or not, its pending and running jobs, and a pause or resume button for who
 * may.
 */
export const queueListRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (
    c: Context<PortalEnv>,
    extras: { readonly done?: string | undefined; readonly error?: ApiAnswer } = {},
  ) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const answer = await api.call<ListPage & { jobQueues: JobQueue[] }>(
      c,
      "GET",
      `/resources/job-queues${listQuery(LIMIT, {}, q)}`,
    );
    const canChange = viewer.can("job-queues", "write");
    const done = extras.done && Object.hasOwn(DONE, extras.done) ? DONE[extras.done] : undefined;
    return render(
      c,
      <Page title="Job queues" viewer={viewer} section={SECTION}>
        <JobsLinks viewer={viewer} current="queues" />
        {done ? (
          <Notice kind="success">{QUEUE_NAME.test(q.queue ?? "") ? `Queue ${q.queue}: ${done}` : done}</Notice>
        ) : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : (
          <>
            <Table
              label="Job queues"
              columns={[
                { title: "Queue" },
                { title: "State" },
                { title: "Pending" },
                { title: "Running", wide: true },
                ...(canChange ? [{ title: "Action" }] : []),
              ]}
            >
              {answer.body.jobQueues.map((x) => (
                <tr>
                  <td class="mono">{x.queue}</td>
                  <td>{x.paused ? <span class="badge warn">paused</span> : <span class="badge ok">running</span>}</td>
                  <td>{String(x.pending)}</td>
                  <td class="hide-narrow">{String(x.running)}</td>
                  {canChange ? (
                    <td>
                      <Toggle viewer={viewer} queue={x} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </Table>
            <Pager
              base={BASE}
              filters={{}}
              page={answer.body}
              shown={answer.body.jobQueues.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      extras.error ? pageStatus(extras.error) : answer.status === 200 ? 200 : pageStatus(answer),
    );
  };

  app.get(BASE, (c) => page(c, { done: c.req.query("done") }));

  /** Pauses or resumes (PUT); a refusal (403, a bad name) is shown as the API's message. */
  app.post(`${BASE}/:queue/state`, async (c) => {
    const queue = c.req.param("queue");
    const paused = c.get("form").text("paused") === "true";
    const answer = await api.call<JobQueue>(c, "PUT", `/resources/job-queues/${encodeURIComponent(queue)}`, {
      body: { paused },
    });
    if (answer.status !== 200) return page(c, { error: answer });
    return c.redirect(`${BASE}?done=${paused ? "paused" : "resumed"}&queue=${encodeURIComponent(queue)}`, 303);
  });

  return app;
};
