import { createHash } from "node:crypto";
import { DomainError, callerHolds, inheritedAttributes, newId } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { Initiator } from "@platform/actor-runtime";
import type { PlatformDeps } from "@platform/host";
import type { Component } from "@platform/sandbox";
import type { AppContent } from "../app/events.ts";
import { routeKey } from "../app/state.ts";
import type { AppState } from "../app/state.ts";
import { ID_PATTERN } from "../manifest/manifest.ts";
import { validatePackage } from "../manifest/validate-package.ts";
import type { AppPackage } from "../manifest/validate-package.ts";
import { ports } from "@platform/ports";

/** What an installed version is stored as, for the caller who installs it. */
const contentOf = (appId: string, pkg: AppPackage, caller: Caller): AppContent => {
  const sources = Object.entries(pkg.components)
    .map(([id, c]) => [id, c.source] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Without files the digest is what it was before apps could ship one: re-installing an unchanged app appends nothing.
  const digest = createHash("sha256")
    .update(JSON.stringify(pkg.files ? [pkg.manifest, sources, pkg.files] : [pkg.manifest, sources]))
    .digest("hex");
  return {
    appId,
    manifest: pkg.manifest,
    components: pkg.components,
    ...(pkg.files ? { files: pkg.files } : {}),
    digest,
    installedBy: {
      ...(caller.principalId ? { principalId: caller.principalId } : {}),
      ...(caller.clientId ? { clientId: caller.clientId } : {}),
      attributes: inheritedAttributes(caller),
    },
  };
};

/** An ingress's acl gives its component at most what the installer holds (docs/ACCESS.md). */
const requireGrantableAcls = (caller: Caller, pkg: AppPackage) => {
  for (const ingress of pkg.manifest.ingresses)
    for (const ace of ingress.acl)
      if (!callerHolds(caller, ace))
        throw new DomainError("FORBIDDEN", `Ingress '${ingress.id}' may not carry '${ace}': you do not hold it`, {
          ingressId: ingress.id,
          ace,
        });
};

export const createInstaller = (deps: PlatformDeps, compile: (source: string) => Promise<Component>) => {
  const { runtime, store } = deps;

  /** The app (other than `self`) holding one of these routes, as a 409 naming it. */
  const routeConflict = async (selfId: string | undefined, pkg: AppPackage): Promise<DomainError | undefined> => {
    for (const ingress of pkg.manifest.ingresses) {
      const key = routeKey(ingress.properties.httpMethod, ingress.properties.route);
      const holder = await store.lookupKey("app:route", key);
      if (!holder || holder === `app-${selfId}`) continue;
      const other = ((await runtime.load("app", holder.slice("app-".length))).state as AppState).appId;
      return new DomainError(
        "CONFLICT",
        `${ingress.properties.httpMethod} /ingress/${ingress.properties.route} belongs to app '${other}'`,
        { appId: other, route: ingress.properties.route, httpMethod: ingress.properties.httpMethod },
      );
    }
    return undefined;
  };

  const install = async (
    caller: Caller,
    who: Initiator,
    appId: string,
    raw: unknown,
  ): Promise<{ readonly created: boolean; readonly changed: boolean }> => {
    if (!ID_PATTERN.test(appId))
      throw new DomainError("VALIDATION_FAILED", "The app id is invalid", [
        { path: "appId", message: "must be 1 to 64 of A-Z a-z 0-9 . _ ~ -" },
      ]);
    const { pkg } = await validatePackage(appId, raw, compile);
    requireGrantableAcls(caller, pkg);
    const definitionIssues =
      (await deps.ports.find(ports.appJobDefinitions)?.check(appId, pkg.manifest.jobDefinitions ?? [], caller)) ?? [];
    if (definitionIssues.length) throw new DomainError("VALIDATION_FAILED", "The app is invalid", definitionIssues);
    const content = contentOf(appId, pkg, caller);
    for (let attempt = 0; ; attempt++) {
      const existing = await runtime.resolve("app", appId);
      const id = existing?.id ?? newId();
      const conflict = await routeConflict(id, pkg);
      if (conflict) throw conflict;
      try {
        const result = await runtime.execute("app", id, [{ type: "install", content }], who, {
          existence: existing ? "any" : "new",
        });
        return { created: result.events[0]?.type === "AppInstalled", changed: result.events.length > 0 };
      } catch (e) {
        // Another request installed it first (the app id, or a route, is taken meanwhile): look again.
        if (e instanceof DomainError && e.code === "CONFLICT" && attempt < 2) continue;
        throw e;
      }
    }
  };

  const remove = async (who: Initiator, appId: string): Promise<void> => {
    const existing = ID_PATTERN.test(appId) ? await runtime.resolve("app", appId) : null;
    if (!existing) throw new DomainError("NOT_FOUND", `App ${appId} not found`);
    await runtime.execute("app", existing.id, [{ type: "remove", appId }], who, { existence: "any" });
  };

  return { install, remove };
};

export type Installer = ReturnType<typeof createInstaller>;
