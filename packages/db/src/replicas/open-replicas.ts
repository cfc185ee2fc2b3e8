import { createPgPool } from "../pg-pool.ts";
import { createReplicaSet } from "./replica-set.ts";

type Options = {
  readonly primaryUrl: string;
  readonly urls: readonly string[];
  /** Each standby's pool: as the primary's (size, schema, prepared statements). */
  readonly pool: { readonly max: number; readonly schema?: string; readonly prepared: boolean };
  readonly maxLagMs: number;
  readonly waitMs: number;
};

/**
 * The standbys of DATABASE_READ_URLS, and a small pool of the primary of its own: asked for the primary's WAL
 * position by the replica set and after writes, never routed to a standby itself.
 */
export const openReplicas = (options: Options) => {
  const primary = createPgPool({ ...options.pool, url: options.primaryUrl, max: 2, prepared: false });
  const set = createReplicaSet({
    pools: options.urls.map((url) => createPgPool({ ...options.pool, url }).raw),
    primary: primary.raw,
    maxLagMs: options.maxLagMs,
    waitMs: options.waitMs,
  });
  return {
    set,
    /** The primary's WAL position now: after a write's commit, at or past it. */
    writePosition: async () =>
      (await primary.raw.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0]!.lsn,
    status: () => set.status(),
    async close() {
      await set.close();
      await primary.end();
    },
  };
};
