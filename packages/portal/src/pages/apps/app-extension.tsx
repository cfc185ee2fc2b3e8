import { Hono } from "hono";
import type { ApiClient, ApiError } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { Notice, Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { APPS_SECTION } from "./app-list.tsx";
import { fetchAppPage } from "./app-page-fetch.ts";
import type { App } from "./app-types.ts";
import { FRAME_SANDBOX, sandboxedMessage, sendSandboxed } from "./sandboxed-page.ts";

/**
 * `/portal/apps/{appId}/extension`: the page the app's `extensions.portal` names, inside the
 * portal's frame. The frame's content (`…/extension/page`) is the app's own HTML, served
 * sandboxed: it runs in an opaque origin, so the portal's session stays out of its reach.
 */
export const appExtensionRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  app.get("/portal/apps/:appId/extension", async (c) => {
    const viewer = c.get("viewer");
    const appId = c.req.param("appId");
    const got = await api.call<App>(c, "GET", `/resources/apps/${encodeURIComponent(appId)}`);
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
    const a = got.body;
    const id = encodeURIComponent(a.appId);
    const page = a.extensions?.portal ? await fetchAppPage(api, c, a.appId) : undefined;
    return render(
      c,
      <Page title={`${a.name}: portal page`} viewer={viewer} section={APPS_SECTION}>
        <p>
          <a href={`/portal/apps/${id}`}>{`Back to ${a.name}`}</a>
        </p>
        {!a.extensions?.portal ? (
          <Notice kind="info">This app has no portal page (its manifest names none in extensions.portal).</Notice>
        ) : page?.status === 200 ? (
          <>
            <p class="hint">
              This page comes from the app. It runs sandboxed: it cannot see your session or act as you.
            </p>
            <iframe
              class="app-extension"
              sandbox={FRAME_SANDBOX}
              src={`/portal/apps/${id}/extension/page`}
              title={`${a.name}'s portal page`}
            ></iframe>
          </>
        ) : page && "refusal" in page && page.status === 404 ? (
          <Notice kind="info">{`This app names a portal page (${a.extensions.portal}) that it did not ship.`}</Notice>
        ) : page && "refusal" in page ? (
          <ApiErrorNotice answer={page.refusal} />
        ) : null}
      </Page>,
      page && page.status !== 200 && page.status !== 404 && "refusal" in page ? pageStatus(page.refusal) : 200,
    );
  });

  /** The frame's content: the app's HTML through the API with the viewer's token, sandboxed here too. */
  app.get("/portal/apps/:appId/extension/page", async (c) => {
    const page = await fetchAppPage(api, c, c.req.param("appId"));
    if (page.status === 200 && "html" in page) return sendSandboxed(c, page.html);
    const message =
      (page as { refusal: { body: ApiError | null } }).refusal.body?.error?.message ??
      `The page could not be loaded (${page.status}).`;
    return sendSandboxed(c, sandboxedMessage(message), page.status === 403 || page.status === 404 ? page.status : 400);
  });

  return app;
};
