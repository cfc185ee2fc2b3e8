import { page } from "../../contract-page.ts";

/** The app developers' pages: installed apps, their components, ingresses and portal extension. */
export const appPagesContract = [
  page("portalApps", "get", "/portal/apps", "Installed apps: version, last update, how many components and ingresses"),
  page(
    "portalApp",
    "get",
    "/portal/apps/{appId}",
    "One app: manifest facts, components with their declared parameters, ingresses with their " +
      "full URLs and acl, job definitions, its portal page, its newest failed runs (for holders of " +
      "apps/<appId>:debug), its versions with a rollback to each",
  ),
  page(
    "portalAppRun",
    "get",
    "/portal/apps/{appId}/runs/{runId}",
    "One recorded run of the app (needs apps/<appId>:debug): summary, params and request, each ctx call with its " +
      "answer, logs, outcome and error, and the `platform apps replay` command",
  ),
  page(
    "portalRollbackApp",
    "post",
    "/portal/apps/{appId}/rollback",
    "Installs a version of the app again, as a new version by the viewer (form field version)",
  ),
  page(
    "portalAppExtension",
    "get",
    "/portal/apps/{appId}/extension",
    "The page the app's extensions.portal names, framed (sandboxed: scripts and forms, an opaque origin)",
  ),
  {
    ...page(
      "portalAppExtensionPage",
      "get",
      "/portal/apps/{appId}/extension/page",
      "The frame's content: the app's page through the API, served with the sandbox CSP (framed only by the portal)",
    ),
    description:
      "Served with Content-Security-Policy `sandbox allow-scripts allow-forms; default-src " +
      "'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; " +
      "frame-ancestors 'self'`, so even opened directly it runs in an opaque origin.",
  },
] as const;
