import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { APPS_SECTION } from "./app-list.tsx";
import type { App, Ingress } from "./app-types.ts";
import { ParameterTable } from "./parameter-list.tsx";

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

/**
 * `/portal/apps/{appId}`: the manifest's facts, components with their parameters, ingresses with their URLs, job
 * definitions, the portal page.
 */
export const appDetailRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().get("/portal/apps/:appId", async (c) => {
    const viewer = c.get("viewer");
    const got = await api.call<App>(c, "GET", `/resources/apps/${encodeURIComponent(c.req.param("appId"))}`);
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
      </Page>,
    );
  });
