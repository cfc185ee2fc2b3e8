import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { Page } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { JobsLinks, SECTION } from "./job-parts.tsx";
import { definitionHref } from "./job-types.ts";
import type { JobDefinition } from "./job-types.ts";
import { scheduleInWords } from "./schedule-words.ts";

const LIMIT = 25;

/** `/portal/job-definitions`: every definition by id, its schedules in words, suspended and overridden. */
export const definitionListRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  app.get("/portal/job-definitions", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const answer = await api.call<ListPage & { jobDefinitions: JobDefinition[] }>(
      c,
      "GET",
      `/resources/job-definitions${listQuery(LIMIT, {}, q)}`,
    );
    return render(
      c,
      <Page title="Job definitions" viewer={viewer} section={SECTION}>
        <JobsLinks viewer={viewer} current="definitions" />
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : answer.body.jobDefinitions.length === 0 ? (
          <p>No job definitions yet.</p>
        ) : (
          <>
            <Table
              label="Job definitions"
              columns={[{ title: "Definition" }, { title: "Schedules" }, { title: "Component", wide: true }]}
            >
              {answer.body.jobDefinitions.map((d) => (
                <tr>
                  <td>
                    <a href={definitionHref(d.jobDefinitionId)} class="mono">
                      {d.jobDefinitionId}
                    </a>
                    <div>
                      {d.scheduleSuspended ? <span class="badge warn">suspended</span> : null}
                      {d.scheduleIsOverridden ? <span class="badge info">overridden</span> : null}
                      {d.appId ? <span class="badge">{`app ${d.appId}`}</span> : null}
                    </div>
                  </td>
                  <td>
                    {d.schedules.length ? (
                      <ul class="plain">
                        {d.schedules.map((s) => (
                          <li>{scheduleInWords(s)}</li>
                        ))}
                      </ul>
                    ) : (
                      "none (run on demand)"
                    )}
                  </td>
                  <td class="hide-narrow mono">{d.componentId}</td>
                </tr>
              ))}
            </Table>
            <Pager
              base="/portal/job-definitions"
              filters={{}}
              page={answer.body}
              shown={answer.body.jobDefinitions.length}
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
