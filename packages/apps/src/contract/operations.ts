import * as v from "valibot";
import { ManifestSchema } from "../manifest/manifest.ts";
import { App, AppJournalEvent, AppListItem } from "./responses.ts";

/** The body of PUT /resources/apps/{appId} (CONTRACT.md 9); its sources are checked in the sandbox too. */
export const AppPackageBody = v.strictObject({
  manifest: ManifestSchema,
  components: v.pipe(v.record(v.string(), v.strictObject({ source: v.pipe(v.string(), v.description("The component's ES module text")) })), v.description("Each component of manifest.components by id")),
});

/** Every /resources/apps route (routes/apps.ts). `/ingress/<route>` is each app's own and is described by its manifest. */
export const appOperations = [
  {
    operationId: "putApp",
    method: "put",
    path: "/resources/apps/{appId}",
    summary: "Install an app (201) or upgrade it (200): the manifest and every component are validated first; an ingress acl may carry only what the caller holds",
    permission: "apps:write",
    success: 201,
    alsoSuccess: [200],
    tags: ["apps"],
    requestBody: AppPackageBody,
    response: App,
    alsoErrors: [409],
  },
  { operationId: "listApps", method: "get", path: "/resources/apps", summary: "List installed apps by id (without component sources)", permission: "apps:read", success: 200, tags: ["apps"], list: "apps", item: AppListItem },
  { operationId: "getApp", method: "get", path: "/resources/apps/{appId}", summary: "Read an installed app: manifest, components with their parameters and sources, ingress URLs", permission: "apps:read", success: 200, tags: ["apps"], response: App },
  { operationId: "getAppJournal", method: "get", path: "/resources/apps/{appId}/journal", summary: "An app's events in version order (installed, upgraded, removed; who, when)", permission: "apps:read", success: 200, tags: ["apps"], list: "events", item: AppJournalEvent },
  { operationId: "deleteApp", method: "delete", path: "/resources/apps/{appId}", summary: "Remove an app; its ingresses are gone at once", permission: "apps:delete", success: 204, tags: ["apps"] },
] as const;
