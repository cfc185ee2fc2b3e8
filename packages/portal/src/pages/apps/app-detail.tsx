import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { Notice, Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { APPS_SECTION } from "./app-list.tsx";
import type { App, Ingress } from "./app-types.ts";
import { ParameterTable } from "./parameter-list.tsx";
import { ROLLED_BACK, SHOWN_VERSIONS, VersionsTable } from "./app-versions.tsx";
import type { VersionsAnswer } from "./app-versions.tsx";
import { FailedRuns, fetchRuns } from "./app-runs.tsx";

/** An ingress's full URL: a link when a browser can open it (GET), text otherwise. */
const IngressUrl = (props: { ingress: Ingress }) =>
  props.ingress.properties.httpMethod === "GET" ? (
    <a class="mono" href={props.ingress.url}>
      {props.ingress.url}
    </a>
  ) : (
    <span class="mono">{props.ingress.url}</span>
  );

/** A private ingress names the permission its callers need (docs/ACCESS.md); a public one says anyone may call it. */
const IngressTable = (props: { appId: string; ingresses: readonly Ingress[] }) => (
  <Table
    labelledBy="ingresses-heading"
    columns={[{ title: "Ingress" }, { title: "Method" }, { title: "URL" }, { title: "Access", wide: true }]}
  >
    {props.ingresses.map((i) => (
      <tr>
        <td>
          <code>{i.id}</code>
          <div class="hint">{`runs ${i.componentId}`}</div>
        </td>
        <td>{i.properties.httpMethod}</td>
        <td class="url">
          <IngressUrl ingress={i} />
        </td>
        <td class="hide-narrow">
          {i.properties.isPublic ? (
            <span class="badge warn">public</span>
          ) : (
            <span
              class="badge"
              title="A bearer token holding this permission"
            >{`needs ingress/${props.appId}/${i.id}:invoke`}</span>
          )}
          {i.acl.map((ace) => (
            <span class="badge">{ace}</span>
          ))}
        </td>
      </tr>
    ))}
  </Table>
);

type Extras = { readonly done?: boolean; readonly error?: ApiAnswer };

/**
 * `/portal/apps/{appId}`: the manifest's facts, components with their parameters, ingresses with their URLs, job
 * definitions, the portal page, its recent failed runs, its versions with a rollback to each.
 */
export const appDetailRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (c: Context<PortalEnv>, appId: string, extras: Extras = {}) => {
    const viewer = c.get("viewer");
    const path = `/resources/apps/${encodeURIComponent(appId)}`;
    const [got, versions, runs] = await Promise.all([
      api.call<App>(c, "GET", path),
      api.call<VersionsAnswer["body"]>(c, "GET", `${path}/versions?limit=${SHOWN_VERSIONS}`),
      fetchRuns(api, c, viewer, appId),
    ]);
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={APPS_SECTION}
          what="App"
          answer={got}
          back="/portal/apps"
          backLabel="Back to apps"
        />,
        pageStatus(got),
      );
    const app = got.body;
    const id = encodeURIComponent(app.appId);
    const definitions = app.manifest.jobDefinitions ?? [];
    return render(
      c,
      <Page title={app.name} viewer={viewer} section={APPS_SECTION}>
        {extras.done ? <Notice kind="success">{ROLLED_BACK}</Notice> : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <dl class="facts">
            <dt>Id</dt>
            <dd class="mono">{app.appId}</dd>
            <dt>Description</dt>
            <dd>{app.description || "—"}</dd>
            <dt>Authors</dt>
            <dd>{app.authors.length ? app.authors.join(", ") : "—"}</dd>
            <dt>Version</dt>
            <dd>{`${app.version}, updated ${when(app.updatedAt)}`}</dd>
            <dt>Installed</dt>
            <dd>{when(app.installedAt)}</dd>
            <dt>Portal page</dt>
            <dd>
              {app.extensions?.portal ? (
                <a href={`/portal/apps/${id}/extension`}>{`Open ${app.name}'s portal page`}</a>
              ) : (
                "none"
              )}
            </dd>
          </dl>
        </section>
        <h2 id="components-heading">Components</h2>
        {app.components.map((component) => (
          <section class="card" aria-labelledby={`component-${component.id}`}>
            <h3 id={`component-${component.id}`} class="mono">
              {component.id}
            </h3>
            <ParameterTable params={component.parameters} labelledBy={`component-${component.id}`} />
            {component.source !== undefined ? (
              <details>
                <summary>Source</summary>
                <pre class="json">{component.source}</pre>
              </details>
            ) : null}
          </section>
        ))}
        <h2 id="ingresses-heading">Ingresses</h2>
        {app.ingresses.length ? (
          <IngressTable appId={app.appId} ingresses={app.ingresses} />
        ) : (
          <p>This app has no ingress.</p>
        )}
        {definitions.length ? (
          <>
            <h2 id="definitions-heading">Job definitions</h2>
            <Table labelledBy="definitions-heading" columns={[{ title: "Definition" }, { title: "Component" }]}>
              {definitions.map((d) => (
                <tr>
                  <td>
                    <a
                      href={`/portal/job-definitions/apps/${id}/${encodeURIComponent(d.id)}`}
                    >{`apps/${app.appId}/${d.id}`}</a>
                  </td>
                  <td class="mono">{typeof d.componentId === "string" ? d.componentId : "—"}</td>
                </tr>
              ))}
            </Table>
          </>
        ) : null}
        <h2 id="runs-heading">Recent failed runs</h2>
        <FailedRuns appId={app.appId} answer={runs} />
        <h2 id="versions-heading">Versions</h2>
        <VersionsTable viewer={viewer} appId={app.appId} current={app.version} answer={versions} />
      </Page>,
      pageStatus(extras.error),
    );
  };

  app.get("/portal/apps/:appId", (c) => page(c, c.req.param("appId"), { done: c.req.query("done") === "rolled-back" }));

  /** Installs a version again through the API's rollback; a refusal (403, 404, 409) shows as its message. */
  app.post("/portal/apps/:appId/rollback", async (c) => {
    const appId = c.req.param("appId");
    const text = c.get("form").text("version").trim();
    // Anything but a whole number goes as it is: the API's 400 is the page's message.
    const version = /^\d+$/.test(text) ? Number(text) : text;
    const answer = await api.call<App>(c, "POST", `/resources/apps/${encodeURIComponent(appId)}/rollback`, {
      body: { version },
    });
    if (answer.status !== 200) return page(c, appId, { error: answer });
    return c.redirect(`/portal/apps/${encodeURIComponent(appId)}?done=rolled-back`, 303);
  });

  return app;
};
