import { Hono } from "hono";
import { DomainError } from "@platform/kernel";
import { initiatorOf, parsePage, readJson, requirePermission, validate } from "@platform/http";
import type { GatewayEnv } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import type { AppsRuntime } from "../apps-runtime.ts";
import { RollbackBody } from "../contract/operations.ts";
import { loadApp } from "../read-model/queries.ts";
import { toRecord } from "../read-model/record.ts";
import { listVersions, versionContent } from "../read-model/versions.ts";
import type { AppContent } from "../app/events.ts";

/** The body PUT takes, rebuilt from what a version stored: the installer checks and compiles it as it did then. */
const packageOf = (content: AppContent) => ({
  manifest: content.manifest,
  components: Object.fromEntries(Object.entries(content.components).map(([id, c]) => [id, { source: c.source }])),
  ...(content.files ? { files: content.files } : {}),
});

/** /resources/apps/{appId}/versions and …/rollback: an app's installs and upgrades, and installing one again. */
export const appVersionRoutes = (deps: PlatformDeps, apps: AppsRuntime): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const { publicUrl } = deps.config;

  const load = (appId: string) => loadApp(deps.db.kysely, appId);

  app.get("/resources/apps/:appId/versions", async (c) => {
    requirePermission(c, "apps", "read");
    const page = parsePage(c.req.query());
    const row = await load(c.req.param("appId"));
    return c.json(await listVersions(deps.store, row.actor_id, page));
  });

  /**
   * Goes through the installer as the caller, as PUT does: the version's ingress acls are checked against what the
   * caller holds now, and the caller becomes its installer.
   */
  app.post("/resources/apps/:appId/rollback", async (c) => {
    const caller = requirePermission(c, "apps", "write");
    const appId = c.req.param("appId");
    const { version } = validate(RollbackBody, await readJson(c));
    const row = await load(appId);
    if (version === row.version) return c.json(toRecord(row, publicUrl, { source: true }));
    const content = await versionContent(deps.store, row.actor_id, version);
    if (!content) throw new DomainError("NOT_FOUND", `App ${appId} has no version ${version}`, { appId, version });
    const { changed } = await apps.installer.install(caller, initiatorOf(c), appId, packageOf(content));
    if (changed) await apps.published();
    return c.json(toRecord(await load(appId), publicUrl, { source: true }));
  });

  return app;
};
