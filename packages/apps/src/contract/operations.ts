import * as v from "valibot";
import { ManifestSchema } from "../manifest/manifest.ts";
import { App, AppJournalEvent, AppListItem, AppVersion } from "./responses.ts";
import { APP_EXAMPLE } from "./app-example.ts";

/**
 * The body of PUT /resources/apps/{appId} (an app: its components, ingresses and jobs); its sources are checked in the
 * sandbox too.
 */
const AppPackageBody = v.strictObject({
  manifest: ManifestSchema,
  components: v.pipe(
    v.record(
      v.string(),
      v.strictObject({ source: v.pipe(v.string(), v.description("The component's ES module text")) }),
    ),
    v.description("Each component of manifest.components by id"),
  ),
  files: v.optional(
    v.pipe(
      v.record(
        v.string(),
        v.strictObject({
          source: v.pipe(
            v.string(),
            v.maxLength(262144),
            v.description("The page's HTML text, at most 256 KiB of UTF-8"),
          ),
        }),
      ),
      v.description(
        "The page manifest.extensions.portal names, by that path (a leading / optional); no other " +
          "file. Without it the app ships no portal page",
      ),
    ),
  ),
});

/** The body of POST /resources/apps/{appId}/rollback. */
export const RollbackBody = v.strictObject({
  version: v.pipe(
    v.number(),
    v.safeInteger(),
    v.minValue(1),
    // A stream version is a PostgreSQL integer: a larger one is no version, and must not reach the query.
    v.maxValue(2_147_483_647),
    v.description("A version of GET /resources/apps/{appId}/versions: its manifest, components and files"),
  ),
});

const INGRESS_METHODS = ["get", "post", "put", "patch", "delete"] as const;

/**
 * `/ingress/<route>` (ingress/ingress-route.ts), once per method: each
 * installed app's manifest says which routes and methods exist, which component answers,
 * its parameters (the JSON body) and whether a token is needed; the component's return
 * value is the 200 body.
 */
export const ingressOperations = INGRESS_METHODS.map((method) => ({
  operationId: `ingress${method[0]!.toUpperCase()}${method.slice(1)}`,
  method,
  path: "/ingress/{route}",
  summary: `Run an app's component at an ingress (${method.toUpperCase()}; the route may span several segments)`,
  description:
    "Answers with whatever the component returns (200). A route the installed apps do not " +
    "declare is 404; another method on a declared route is 405 with Allow. A non-public ingress " +
    "needs a bearer token (401 without; 403 when the caller shares no access attribute value " +
    "with the installer); the component's ctx carries the ingress's acl and the installer's " +
    "access attributes, narrowed by the caller's. 400 VALIDATION_FAILED when the body does not " +
    "match the component's parameters, 429 over INGRESS_RATE_PER_MINUTE, 502 COMPONENT_FAILED, " +
    "504 COMPONENT_TIMEOUT. Every answer of a run carries its id in `x-run-id`: a failed run is recorded " +
    "under it (GET /resources/apps/{appId}/runs/{runId}).",
  permission: "public",
  bearer: "optional" as const,
  success: 200,
  tags: ["apps"],
  produces: "application/json" as const,
  ...(method === "post" || method === "put" || method === "patch"
    ? {
        requestBody: v.pipe(
          v.record(v.string(), v.unknown()),
          v.description("The component's parameters, as its manifest declares them"),
        ),
        requestExample: { orderNumber: "1001" },
      }
    : {}),
  response: v.pipe(v.unknown(), v.description("The component's return value")),
  responseHeaders: {
    "x-run-id": "The run's id (its 400, 502 and 504 answers carry it too): GET /resources/apps/{appId}/runs/{runId}",
  },
  alsoErrors: [401, 403, 405, 429, 502, 504],
}));

/** Every /resources/apps route (routes/apps.ts); the ingresses are `ingressOperations`. */
export const appOperations = [
  {
    operationId: "putApp",
    method: "put",
    path: "/resources/apps/{appId}",
    summary:
      "Install an app (201) or upgrade it (200): the manifest and every component are validated " +
      "first; an ingress acl may carry only what the caller holds",
    permission: "apps:write",
    success: 201,
    alsoSuccess: [200],
    tags: ["apps"],
    requestBody: AppPackageBody,
    requestExample: APP_EXAMPLE,
    response: App,
    alsoErrors: [409],
  },
  {
    operationId: "listApps",
    method: "get",
    path: "/resources/apps",
    summary: "List installed apps by id (without component sources)",
    permission: "apps:read",
    success: 200,
    tags: ["apps"],
    list: "apps",
    item: AppListItem,
  },
  {
    operationId: "getApp",
    method: "get",
    path: "/resources/apps/{appId}",
    summary: "Read an installed app: manifest, components with their parameters and sources, ingress URLs",
    permission: "apps:read",
    success: 200,
    tags: ["apps"],
    response: App,
  },
  {
    operationId: "getAppPortalPage",
    method: "get",
    path: "/resources/apps/{appId}/portal-page",
    summary: "The page an app's manifest.extensions.portal names, as it shipped it (404 when it shipped none)",
    description:
      "Served as text/html with Content-Security-Policy `sandbox allow-scripts allow-forms; " +
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; " +
      "frame-ancestors 'self'`, X-Content-Type-Options nosniff and Cache-Control no-store: the " +
      "page runs in an opaque origin, cannot call the API and may be framed only by the service's " +
      "own pages (the portal's /portal/apps/{appId}/extension).",
    permission: "apps:read",
    success: 200,
    tags: ["apps"],
    produces: "text/html" as const,
  },
  {
    operationId: "getAppJournal",
    method: "get",
    path: "/resources/apps/{appId}/journal",
    summary: "An app's events in version order (installed, upgraded, removed; who, when)",
    permission: "apps:read",
    success: 200,
    tags: ["apps"],
    list: "events",
    item: AppJournalEvent,
  },
  {
    operationId: "listAppVersions",
    method: "get",
    path: "/resources/apps/{appId}/versions",
    summary: "An app's versions, newest first: each install or upgrade, when and by whom",
    permission: "apps:read",
    success: 200,
    tags: ["apps"],
    list: "versions",
    item: AppVersion,
  },
  {
    operationId: "rollbackApp",
    method: "post",
    path: "/resources/apps/{appId}/rollback",
    summary:
      "Install a version's manifest, components and files again, as a new version installed by the caller " +
      "(its ingress acls checked against what the caller holds now)",
    description:
      "404 NOT_FOUND for a version the app never had. Rolling back to the current version changes nothing. " +
      "403 FORBIDDEN when an ingress of that version carries an ACE the caller does not hold; 409 when a " +
      "route of it belongs to another app meanwhile.",
    permission: "apps:write",
    success: 200,
    tags: ["apps"],
    requestBody: RollbackBody,
    requestExample: { version: 1 },
    response: App,
    alsoErrors: [409],
  },
  {
    operationId: "deleteApp",
    method: "delete",
    path: "/resources/apps/{appId}",
    summary: "Remove an app; its ingresses are gone at once",
    permission: "apps:delete",
    success: 204,
    tags: ["apps"],
  },
] as const;
