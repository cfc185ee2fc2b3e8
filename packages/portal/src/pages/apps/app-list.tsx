import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { Page } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import type { App } from "./app-types.ts";

const LIMIT = 25;
export const APPS_SECTION = "/portal/apps";

/** `/portal/apps`: the installed apps by id, with their version and what they hold. */
export const appListRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().get("/portal/apps", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const answer = await api.call<ListPage & { apps: App[] }>(c, "GET", `/resources/apps${listQuery(LIMIT, {}, q)}`);
    return render(
      c,
      <Page title="Apps" viewer={viewer} section={APPS_SECTION}>
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : answer.body.apps.length === 0 ? (
          <p>{"No app is installed. Put one in APPS_DIR or PUT it to /resources/apps/{appId} (docs/APPS.md)."}</p>
        ) : (
          <>
            <Table
              label="Apps"
              columns={[
                { title: "App" },
                { title: "Description", wide: true },
                { title: "Version" },
                { title: "Updated", wide: true },
                { title: "Components" },
                { title: "Ingresses" },
              ]}
            >
              {answer.body.apps.map((a) => (
                <tr>
                  <td>
                    <a href={`/portal/apps/${encodeURIComponent(a.appId)}`}>{a.name}</a>
                    <div class="mono hint">{a.appId}</div>
                  </td>
                  <td class="hide-narrow">{a.description || "—"}</td>
                  <td>{a.version}</td>
                  <td class="hide-narrow">{when(a.updatedAt)}</td>
                  <td>{a.components.length}</td>
                  <td>{a.ingresses.length}</td>
                </tr>
              ))}
            </Table>
            <Pager
              base="/portal/apps"
              filters={{}}
              page={answer.body}
              shown={answer.body.apps.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });
