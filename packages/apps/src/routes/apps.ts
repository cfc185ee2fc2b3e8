import { Hono } from "hono";
import { DomainError } from "@platform/kernel";
import { initiatorOf, journalPage, parsePage, readJson, requirePermission } from "@platform/http";
import type { PlatformDeps } from "@platform/host";
import type { AppsRuntime } from "../apps-runtime.ts";
import { ID_PATTERN } from "../manifest/manifest.ts";
import { findPortalPage, listApps, loadApp } from "../read-model/queries.ts";
import { appPageHeaders } from "./portal-page-headers.ts";
import { toRecord } from "../read-model/record.ts";
import type { GatewayEnv } from "@platform/http";

/**
 * /resources/apps: install or upgrade (PUT), read, list, remove, an app's journal and its portal page (docs/APPS.md).
 * Authenticated where they are mounted (index.ts).
 */
export const appsRoutes = (deps: PlatformDeps, apps: AppsRuntime): Hono<GatewayEnv> => {
  const app = new Hono<GatewayEnv>();
  const { publicUrl } = deps.config;

  const load = (appId: string) => loadApp(deps.db.kysely, appId);

  app.put("/resources/apps/:appId", async (c) => {
    const caller = requirePermission(c, "apps", "write");
    const appId = c.req.param("appId");
    const { created, changed } = await apps.installer.install(caller, initiatorOf(c), appId, await readJson(c));
    if (changed) await apps.published();
    return c.json(toRecord(await load(appId), publicUrl, { source: true }), created ? 201 : 200);
  });

  app.get("/resources/apps", async (c) => {
    requirePermission(c, "apps", "read");
    return c.json(await listApps(deps.db.kysely, parsePage(c.req.query()), publicUrl));
  });

  app.get("/resources/apps/:appId", async (c) => {
    requirePermission(c, "apps", "read");
    return c.json(toRecord(await load(c.req.param("appId")), publicUrl, { source: true }));
  });

  /** The page `extensions.portal` names, as the app shipped it, sandboxed (portal-page-headers.ts). */
  app.get("/resources/apps/:appId/portal-page", async (c) => {
    requirePermission(c, "apps", "read");
    const appId = c.req.param("appId");
    const page = ID_PATTERN.test(appId) ? await findPortalPage(deps.db.kysely, appId) : undefined;
    if (page === undefined) throw new DomainError("NOT_FOUND", `App ${appId} has no portal page`);
    return c.body(page, 200, appPageHeaders());
  });

  app.get("/resources/apps/:appId/journal", async (c) => {
    requirePermission(c, "apps", "read");
    const appId = c.req.param("appId");
    const found = ID_PATTERN.test(appId) ? await deps.runtime.resolve("app", appId) : null;
    const loaded = found ? await deps.runtime.load("app", found.id) : undefined;
    if (!found || !loaded || loaded.version === 0) throw new DomainError("NOT_FOUND", `App ${appId} not found`);
    return c.json(await journalPage(deps.store, `app-${found.id}`, loaded.version, c.req.query()));
  });

  app.delete("/resources/apps/:appId", async (c) => {
    requirePermission(c, "apps", "delete");
    await apps.installer.remove(initiatorOf(c), c.req.param("appId"));
    await apps.published();
    return c.body(null, 204);
  });

  return app;
};
