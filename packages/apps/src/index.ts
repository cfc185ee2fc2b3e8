import { appsContract } from "./contract/index.ts";
import { Hono } from "hono";
import { defineContext } from "@platform/host";
import type { PlatformDeps } from "@platform/host";
import { appActor } from "./app/actor.ts";
import { appsRuntimeKey, createAppsRuntime } from "./apps-runtime.ts";
import { appComponentsKey, createComponentCatalog } from "./components/component-catalog.ts";
import { ingressRoutes } from "./ingress/ingress-route.ts";
import { installAppsDir } from "./install/apps-dir.ts";
import { appsMigrations } from "./read-model/migrations.ts";
import { appsProjection } from "./read-model/projection.ts";
import { declareAppsMetrics } from "./components/run-metrics.ts";
import { appsRoutes } from "./routes/apps.ts";

export { componentEffectsKey, resolveAt, UniqueKeySchema } from "./ingress/effects.ts";
export type { ComponentEffects, ScheduleJobEffect, EffectSource } from "./ingress/effects.ts";
export type { AppRecord } from "./read-model/record.ts";
export type { Manifest } from "./manifest/manifest.ts";
export { appComponentsKey } from "./components/component-catalog.ts";
export type { AppComponents, ResolvedComponent, ComponentRun } from "./components/component-catalog.ts";
export type { Grantor } from "./ingress/current-makers.ts";
export { appJobDefinitionsKey } from "./install/job-definitions-port.ts";
export type { AppJobDefinitions } from "./install/job-definitions-port.ts";
export type { AppEvent, AppContent } from "./app/events.ts";
export { appsContract } from "./contract/index.ts";
export { APP_PAGE_CSP } from "./routes/portal-page-headers.ts";
export { MAX_PORTAL_PAGE_BYTES } from "./manifest/portal-files.ts";

const runtimeOf = (deps: PlatformDeps) => deps.services.get(appsRuntimeKey);

/**
 * The apps context (docs/APPS.md): the `app` actor, its read model, /resources/apps, the
 * ingresses under /ingress/, the components' sandbox and their `ctx`, and the apps of APPS_DIR
 * installed at start.
 */
export const appsContext = defineContext({
  name: "apps",
  contract: appsContract,
  migrations: appsMigrations,
  actors: [appActor],
  projections: [appsProjection],
  setup: (deps) => {
    deps.services.provide(appsRuntimeKey, createAppsRuntime(deps));
    deps.services.provide(appComponentsKey, createComponentCatalog(deps, runtimeOf(deps).table));
  },
  metrics: declareAppsMetrics,
  bootstrap: (deps) => installAppsDir(deps, runtimeOf(deps).installer),
  routes: (deps) =>
    new Hono().route("/", appsRoutes(deps, runtimeOf(deps))).route("/", ingressRoutes(deps, runtimeOf(deps))),
  close: (deps) => runtimeOf(deps).close(),
});
