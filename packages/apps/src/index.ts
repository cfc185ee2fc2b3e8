import { appsContract } from "./contract/index.ts";
import { Hono } from "hono";
import { defineContext } from "@platform/host";
import type { PlatformDeps } from "@platform/host";
import { appActor } from "./app/actor.ts";
import { appsRuntimeKey, createAppsRuntime } from "./apps-runtime.ts";
import { createComponentCatalog } from "./components/component-catalog.ts";
import { ingressRoutes } from "./ingress/ingress-route.ts";
import { installAppsDir } from "./install/apps-dir.ts";
import { appsMigrations } from "./read-model/migrations.ts";
import { appsProjection } from "./read-model/projection.ts";
import { declareAppsMetrics } from "./components/run-metrics.ts";
import { appsRoutes } from "./routes/apps.ts";
import { appRunsRoutes } from "./routes/app-runs.ts";
import { eraseRunsNaming, runErasureReactor, runRecordsExpiry } from "./runs/run-upkeep.ts";
import { appVersionRoutes } from "./routes/app-versions.ts";
import { ports } from "@platform/ports";
import { bearerAuth } from "@platform/http";
import type { GatewayEnv } from "@platform/http";

export type { AppRecord } from "./read-model/record.ts";
export type { RunOutcome, RunRecord } from "./runs/run-record.ts";
export type { Manifest } from "./manifest/manifest.ts";
export type { AppEvent, AppContent } from "./app/events.ts";
export { appsContract } from "./contract/index.ts";
export { APP_PAGE_CSP } from "./routes/portal-page-headers.ts";
export { MAX_PORTAL_PAGE_BYTES } from "./manifest/portal-files.ts";
// The app developer kit (@platform/app-kit) checks a folder exactly as the service does; it reads and builds one
// with `@platform/apps/folder` (install/app-folder.ts), the light entry that loads none of the context.
export { validatePackage as validateAppPackage } from "./manifest/validate-package.ts";

const runtimeOf = (deps: PlatformDeps) => deps.ports.get(appsRuntimeKey);

/**
 * The apps context (docs/APPS.md): the `app` actor, its read model, /resources/apps, the
 * ingresses under /ingress/, the components' sandbox and their `ctx`, and the apps of APPS_DIR
 * installed at start.
 */
export const appsContext = defineContext({
  name: "apps",
  requires: [ports.authenticator, ports.actorMessages],
  // A component's ctx.send… needs sendings, ctx.emit jobs' effects; an install checks its job definitions with jobs.
  uses: [ports.makers, ports.sendings, ports.componentEffects, ports.appJobDefinitions],
  provides: [ports.appComponents],
  contract: appsContract,
  migrations: appsMigrations,
  actors: [appActor],
  projections: [appsProjection],
  // Recorded runs go with the person they name (docs/PRIVACY.md), and after APPS_RUN_RECORDS_DAYS.
  reactors: (deps) => [runErasureReactor(runtimeOf(deps).runs)],
  tasks: (deps) => [runRecordsExpiry(deps, runtimeOf(deps).runs)],
  setup: (deps) => {
    deps.ports.provide(appsRuntimeKey, createAppsRuntime(deps));
    deps.personalData.onContactsErased(eraseRunsNaming(runtimeOf(deps).runs));
    deps.ports.provide(ports.appComponents, createComponentCatalog(deps, runtimeOf(deps).table, runtimeOf(deps).runs));
  },
  metrics: declareAppsMetrics,
  bootstrap: (deps) => installAppsDir(deps, runtimeOf(deps).installer),
  routes: (deps) => {
    // One bearer authentication for every /resources/apps route, whichever file serves it: a sub-app's own
    // middleware would run again for its siblings' routes once they are mounted together.
    const auth = bearerAuth(() => deps.ports.get(ports.authenticator));
    const resources = new Hono<GatewayEnv>()
      .use("/resources/apps", auth)
      .use("/resources/apps/*", auth)
      .route("/", appsRoutes(deps, runtimeOf(deps)))
      .route("/", appVersionRoutes(deps, runtimeOf(deps)))
      .route("/", appRunsRoutes(runtimeOf(deps)));
    return new Hono().route("/", resources).route("/", ingressRoutes(deps, runtimeOf(deps)));
  },
  close: (deps) => runtimeOf(deps).close(),
});
