import type pg from "pg";
import { lsnValue } from "./read-scope.ts";

export type ReplicaSetOptions = {
  /** A pool of each hot standby, with the primary's schema and statement settings. */
  readonly pools: readonly pg.Pool[];
  /** The primary, asked where its WAL is. */
  readonly primary: pg.Pool;
  /** A standby further behind the primary than this (by the primary's position this long ago) is not read. */
  readonly maxLagMs: number;
  /** How long a read that must see a write waits for a standby to replay it before it goes to the primary. */
  readonly waitMs: number;
  /** How often the positions are asked. */
  readonly pollMs?: number;
};

type Replica = { readonly pool: pg.Pool; replayed: bigint | undefined; alive: boolean };

const REPLAYED = "SELECT pg_last_wal_replay_lsn()::text AS lsn";

/**
 * The hot standbys a read may go to, and how far each has replayed the primary's WAL. Every `pollMs` the primary
 * says where its WAL is and each standby how far it has replayed; a standby that has not replayed what the primary
 * had written `maxLagMs` ago (or does not answer) is lagging and gets no reads until it catches up.
 */
export const createReplicaSet = (options: ReplicaSetOptions) => {
  const pollMs = options.pollMs ?? 100;
  const replicas: Replica[] = options.pools.map((pool) => ({ pool, replayed: undefined, alive: false }));
  /** The primary's WAL position as sampled, oldest first, kept for maxLagMs and one sample more. */
  const primarySamples: { at: number; lsn: bigint }[] = [];
  let turn = 0;

  /** The position a standby must have replayed not to count as lagging: the primary's of maxLagMs ago. */
  const freshness = () => {
    const cutoff = Date.now() - options.maxLagMs;
    let floor: bigint | undefined;
    for (const s of primarySamples) if (s.at <= cutoff) floor = s.lsn;
    return floor ?? primarySamples[0]?.lsn;
  };
  const usable = (r: Replica, after: bigint) => {
    const floor = freshness();
    return r.alive && r.replayed !== undefined && r.replayed >= after && (floor === undefined || r.replayed >= floor);
  };
  const ask = async (r: Replica) => {
    try {
      const { rows } = await r.pool.query<{ lsn: string | null }>(REPLAYED);
      const lsn = lsnValue(rows[0]?.lsn);
      r.alive = lsn !== undefined; // a server that is not a standby answers null: never read there
      if (lsn !== undefined && (r.replayed === undefined || lsn > r.replayed)) r.replayed = lsn;
    } catch {
      r.alive = false;
    }
  };
  const poll = async () => {
    try {
      const { rows } = await options.primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
      const lsn = lsnValue(rows[0]?.lsn);
      if (lsn !== undefined) primarySamples.push({ at: Date.now(), lsn });
      const cutoff = Date.now() - options.maxLagMs;
      while (primarySamples.length > 1 && primarySamples[1]!.at <= cutoff) primarySamples.shift();
    } catch {
      // The primary unreachable: the samples stay as they were; writes fail on their own.
    }
    await Promise.all(replicas.map(ask));
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    await poll();
    if (!stopped) timer = setTimeout(() => void loop(), pollMs).unref();
  };
  const ready = loop();

  return {
    /** The standbys' pools, in the order of DATABASE_READ_URLS. */
    pools: options.pools,
    /**
     * Which standby (its index in `pools`) has replayed `after` and is not lagging, taking turns; after waiting up
     * to waitMs for one; undefined: read on the primary.
     */
    async choose(after: bigint): Promise<number | undefined> {
      await ready;
      const deadline = Date.now() + options.waitMs;
      for (;;) {
        const candidates = replicas.filter((r) => usable(r, after));
        if (candidates.length > 0) return replicas.indexOf(candidates[turn++ % candidates.length]!);
        // Only a standby that is alive and near the primary is worth waiting for.
        const near = replicas.filter((r) => r.alive && usable(r, 0n));
        if (near.length === 0 || Date.now() >= deadline) return undefined;
        await new Promise((r) => setTimeout(r, 10));
        await Promise.all(near.map(ask));
      }
    },
    /** Each standby: how far it has replayed, and whether reads go there now. */
    status: () => replicas.map((r) => ({ replayed: r.replayed, readable: usable(r, 0n) })),
    async close() {
      stopped = true;
      clearTimeout(timer);
      await ready.catch(() => undefined);
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => undefined)));
    },
  };
};

export type ReplicaSet = ReturnType<typeof createReplicaSet>;
