import { EventEmitter } from "node:events";
import type { checkpointStore } from "./checkpoints.ts";

/**
 * Where each projection stands, as this process knows it, and the wait of a writer to read
 * its writes. A follower this process holds reports its moves here (`held`, `moved`,
 * `dropped`); the others are seen through their stored checkpoints, read once for every
 * waiting request.
 */
export const createKnownPositions = (checkpoints: ReturnType<typeof checkpointStore>, isRunning: () => boolean) => {
  const known = new Map<string, string | null>();
  /** Followers whose lease this process holds: for them `known` is the truth, no need to ask the database. */
  const local = new Set<string>();
  const advanced = new EventEmitter();
  advanced.setMaxListeners(0);
  /** One shared read of the others' checkpoints at a time, for every waiting request. */
  let refreshing: Promise<void> | undefined;
  const refresh = (names: readonly string[]) =>
    (refreshing ??= checkpoints
      .positions(names.filter((n) => !local.has(n)))
      .then((positions) => {
        for (const [n, p] of positions) if ((known.get(n) ?? "") < (p ?? "")) known.set(n, p);
      })
      .finally(() => {
        refreshing = undefined;
      }));

  return {
    /** What this process knows of `name`'s position; `here`: only where it follows `name` itself. */
    of: (name: string, here = false) => (here && !local.has(name) ? null : (known.get(name) ?? null)),
    /** This process took `name`'s lease, stored at `position` (undefined: it held it already). */
    held(name: string, position?: string | null) {
      if (position !== undefined) known.set(name, position);
      local.add(name);
    },
    dropped(name: string) {
      local.delete(name);
    },
    /** `name` has handled everything up to `position`. */
    moved(name: string, position: string | null) {
      known.set(name, position);
      advanced.emit("advanced");
    },
    /**
     * Resolves once every one of `names` has processed `position`, whether they run in this
     * process or another; false after `timeoutMs`. `wake`: sends this process's followers to
     * read now.
     */
    async waitFor(names: readonly string[], position: string, timeoutMs: number, wake: () => void): Promise<boolean> {
      const satisfied = () => names.every((n) => (known.get(n) ?? "") >= position);
      const deadline = Date.now() + timeoutMs;
      wake();
      while (!satisfied()) {
        if (Date.now() > deadline) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            advanced.off("advanced", done);
            resolve();
          };
          const timer = setTimeout(done, isRunning() ? 50 : 15);
          advanced.on("advanced", done);
        });
        if (names.some((n) => !local.has(n) && (known.get(n) ?? "") < position)) await refresh(names);
      }
      return true;
    },
  };
};

export type KnownPositions = ReturnType<typeof createKnownPositions>;
