import type { BackgroundTask } from "./context.ts";
import type { Platform } from "./boot.ts";
import { embeddedVacuum } from "./vacuum/embedded-vacuum.ts";

/** Runs the background side: projections, reactors and the contexts' tasks. */
export const startWorker = (platform: Platform) => {
  const tasks: BackgroundTask[] = [];
  for (const context of platform.contexts) {
    for (const reactor of context.reactors?.(platform) ?? []) platform.followers.addReactor(reactor);
    tasks.push(...(context.tasks?.(platform) ?? []));
  }
  // PostgreSQL has autovacuum; the embedded engine has not.
  if (platform.db.engine === "pglite") {
    const erasures = (listener: () => void) => platform.onErased(listener);
    tasks.push(
      embeddedVacuum({
        db: platform.db,
        intervalMs: platform.config.pgliteVacuumIntervalMs,
        erasures,
        log: platform.log,
      }),
    );
  }
  platform.followers.start();
  for (const t of tasks) t.start();
  platform.log.info(
    { followers: platform.followers.names(), lease: platform.followers.leaseKind, tasks: tasks.map((t) => t.name) },
    "worker started",
  );
  return {
    async stop() {
      await Promise.all(tasks.map((t) => t.stop()));
      await platform.followers.stop();
    },
  };
};

export type Worker = ReturnType<typeof startWorker>;
