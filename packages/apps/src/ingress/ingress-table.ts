import type { Database } from "@platform/db";
import type { Logger } from "@platform/host";
import type { Component } from "@platform/sandbox";
import type { Installer } from "../app/events.ts";
import { routeKey } from "../app/state.ts";
import type { IngressSpec } from "../manifest/manifest.ts";
import { appVersions, findApps } from "../read-model/queries.ts";
import { parseRow } from "../read-model/record.ts";

/** One ingress as a request meets it: the app version it belongs to and its compiled component. */
export type IngressEntry = {
  readonly appId: string;
  readonly appVersion: number;
  readonly ingress: IngressSpec;
  readonly component: Component;
  readonly installedBy: Installer;
};

type InstalledApp = {
  readonly version: number;
  readonly entries: readonly IngressEntry[];
  readonly components: ReadonlyMap<string, Component>;
  readonly installedBy: Installer;
};

/** The NOTIFY channel that tells every process an app changed; per schema, so isolated tests never meet. */
const appsChannel = (schema: string) => `apps_changed_${schema}`.slice(0, 63);

/**
 * Every process's table of ingresses, built from the apps read model: `match(method, route)`.
 * A change is swapped in whole (a request in flight keeps the entry it found, so it finishes on
 * the old version; the next request runs the new one). Kept current by the installing process
 * directly, by NOTIFY in the others, and by a poll every `pollMs` in case a NOTIFY is lost.
 */
export const createIngressTable = (deps: {
  readonly db: Database;
  readonly log: Logger;
  readonly compile: (source: string) => Promise<Component>;
  readonly pollMs?: number;
}) => {
  const { db, log } = deps;
  let apps = new Map<string, InstalledApp>();
  let routes = new Map<string, IngressEntry>();
  let methodsByRoute = new Map<string, string[]>();
  let refreshing: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let started: Promise<void> | undefined;
  let stopped = false;
  /** App versions that did not compile here: logged once, not tried again until the next version. */
  const failed = new Map<string, number>();

  const load = async (appId: string, row: ReturnType<typeof parseRow>): Promise<InstalledApp> => {
    const compiled = new Map<string, Component>();
    for (const [id, { source }] of Object.entries(row.components)) compiled.set(id, await deps.compile(source));
    const entries = row.manifest.ingresses.map((ingress) => ({
      appId,
      appVersion: row.version,
      ingress,
      component: compiled.get(ingress.componentId)!,
      installedBy: row.installedBy,
    }));
    return { version: row.version, entries, components: compiled, installedBy: row.installedBy };
  };

  const refreshOnce = async () => {
    const versions = await appVersions(db.kysely);
    const changed = [...versions]
      .filter(([id, v]) => apps.get(id)?.version !== v && failed.get(id) !== v)
      .map(([id]) => id);
    const removed = [...apps.keys()].filter((id) => !versions.has(id));
    for (const id of failed.keys()) if (!versions.has(id)) failed.delete(id);
    if (changed.length === 0 && removed.length === 0) return;
    const next = new Map(apps);
    for (const id of removed) next.delete(id);
    for (const row of await findApps(db.kysely, changed)) {
      try {
        next.set(row.app_id, await load(row.app_id, parseRow(row)));
        failed.delete(row.app_id);
      } catch (err) {
        failed.set(row.app_id, row.version);
        // Validated at install; a process with tighter sandbox limits may still refuse it.
        log.error(
          {
            appId: row.app_id,
            err:
              err instanceof Error
                ? { message: err.message, details: (err as { details?: unknown }).details }
                : String(err),
          },
          "an installed app does not compile here; its ingresses are off in this process",
        );
        next.delete(row.app_id);
      }
    }
    const nextRoutes = new Map<string, IngressEntry>();
    const nextMethods = new Map<string, string[]>();
    for (const app of next.values())
      for (const e of app.entries) {
        nextRoutes.set(routeKey(e.ingress.properties.httpMethod, e.ingress.properties.route), e);
        nextMethods.set(
          e.ingress.properties.route,
          [...(nextMethods.get(e.ingress.properties.route) ?? []), e.ingress.properties.httpMethod].sort(),
        );
      }
    apps = next;
    routes = nextRoutes;
    methodsByRoute = nextMethods;
  };

  /** Brings the table up to the read model; concurrent calls share one run (and one more after it). */
  const refresh = async (): Promise<void> => {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          again = false;
          await refreshOnce();
        } while (again);
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };

  const poll = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      refresh()
        .catch((err) =>
          log.warn({ err: err instanceof Error ? err.message : String(err) }, "refreshing the ingress table failed"),
        )
        .finally(poll);
    }, deps.pollMs ?? 500);
    timer.unref();
  };

  return {
    /** Loads the table once and keeps it current; later calls return the same promise. */
    start(): Promise<void> {
      started ??= (async () => {
        const u = await db.listen(appsChannel(db.schema), () => void refresh().catch(() => undefined));
        if (stopped) await u();
        else unlisten = u;
        await refresh();
        poll();
      })().catch(async (err: unknown) => {
        // Not started after all: the next request tries again.
        started = undefined;
        await unlisten?.().catch(() => undefined);
        unlisten = undefined;
        throw err;
      });
      return started;
    },
    refresh,
    /** Tells every other process to refresh now. */
    announce: () => db.notify(appsChannel(db.schema)).catch(() => undefined),
    match: (method: string, route: string): IngressEntry | undefined => routes.get(routeKey(method, route)),
    methods: (route: string): readonly string[] => methodsByRoute.get(route) ?? [],
    /** An installed component, compiled, as this process serves it now (jobs run it by name). */
    component: (
      appId: string,
      componentId: string,
    ): { readonly component: Component; readonly appVersion: number } | undefined => {
      const app = apps.get(appId);
      const component = app?.components.get(componentId);
      return app && component ? { component, appVersion: app.version } : undefined;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await started?.catch(() => undefined);
      await refreshing?.catch(() => undefined);
      await unlisten?.();
    },
  };
};

export type IngressTable = ReturnType<typeof createIngressTable>;
