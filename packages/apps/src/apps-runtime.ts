import { definePort } from "@platform/host";
import type { PlatformDeps } from "@platform/host";
import { createSandbox } from "@platform/sandbox";
import type { Sandbox } from "@platform/sandbox";
import { createIngressTable } from "./ingress/ingress-table.ts";
import type { IngressTable } from "./ingress/ingress-table.ts";
import { createRateLimiter } from "./ingress/rate-limit.ts";
import { createInstaller } from "./install/installer.ts";
import type { Installer } from "./install/installer.ts";
import { createRunStore } from "./runs/run-store.ts";
import type { RunStore } from "./runs/run-store.ts";

/**
 * The apps context's state in one process: its sandbox (made on first use), ingress table, installer and rate limit.
 */
export type AppsRuntime = {
  sandbox(): Sandbox;
  readonly table: IngressTable;
  readonly installer: Installer;
  readonly limiter: ReturnType<typeof createRateLimiter>;
  /** The recorded runs (APPS_RECORD_RUNS). */
  readonly runs: RunStore;
  /** After an install or removal: this process serves the change before answering, the others hear of it at once. */
  published(): Promise<void>;
  close(): Promise<void>;
};

export const appsRuntimeKey = definePort<AppsRuntime>("apps.runtime");

export const createAppsRuntime = (deps: PlatformDeps): AppsRuntime => {
  let sandbox: Sandbox | undefined;
  const getSandbox = () =>
    (sandbox ??= createSandbox({
      timeoutMs: deps.config.components.timeoutMs,
      memoryMb: deps.config.components.memoryMb,
      ...(deps.config.components.workers ? { workers: deps.config.components.workers } : {}),
      snapshots: deps.config.components.snapshots,
      snapshotMb: deps.config.components.snapshotMb,
      onWarning: (message) => deps.log.warn({ component: "sandbox" }, message),
    }));
  const compile = (source: string) => getSandbox().compile(source);
  const table = createIngressTable({ db: deps.db, log: deps.log, compile });
  return {
    sandbox: getSandbox,
    table,
    installer: createInstaller(deps, compile),
    limiter: createRateLimiter(deps.config.ingressRatePerMinute),
    runs: createRunStore(deps.db),
    async published() {
      await table.refresh();
      await table.announce();
    },
    async close() {
      await table.stop();
      sandbox?.dispose();
      sandbox = undefined;
    },
  };
};
