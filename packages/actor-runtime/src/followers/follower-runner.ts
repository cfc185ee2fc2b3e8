import type { Database } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import { checkpointStore } from "./checkpoints.ts";
import { createPauses } from "./pauses.ts";
import { createFollowerLeases } from "./leases.ts";
import { createLagWindow } from "./lag-window.ts";
import { createWakeUps } from "./wake-ups.ts";
import { createSharedPageReads, typesOf } from "./shared-page-reads.ts";
import { createBatchApplier } from "./apply-batch.ts";
import { createFollowLoop } from "./follow-loop.ts";
import { createKnownPositions } from "./read-your-writes.ts";
import type { Follower, Log } from "./follower.ts";
import { replayProjection } from "./rebuild.ts";
import type { Projection, Reactor } from "./types.ts";

export type FollowerRunnerOptions = {
  readonly db: Database;
  readonly store: EventStore;
  readonly log?: Log;
  /** Events per read and per read-model transaction. Default 500. */
  readonly batchSize?: number;
  /** Fallback poll when no wake-up arrives (other processes, missed notifies). Default 500 ms. */
  readonly pollMs?: number;
  /** How followers are leased (leases.ts): "auto" picks by engine, "time" forces the timed lease. Default "auto". */
  readonly leases?: "auto" | "time";
};

const silent: Log = { warn: () => undefined, error: () => undefined, info: () => undefined };

/**
 * Follows the global log for each projection and reactor from its stored checkpoint.
 * Projections write their read model and checkpoint in one transaction; reactors handle
 * each event, then store the checkpoint (at-least-once). A lease per follower makes
 * exactly one process follow it at a time.
 */
export const createFollowerRunner = (options: FollowerRunnerOptions) => {
  const { db, store } = options;
  const log = options.log ?? silent;
  const leases = createFollowerLeases(db, options.leases);
  const checkpoints = checkpointStore(db.pool);
  const followers: Follower[] = [];
  const positions = createKnownPositions(checkpoints, () => running);
  const batchSize = options.batchSize ?? 500;
  const readShared = createSharedPageReads(store, batchSize);
  const pollMs = options.pollMs ?? 500;
  let running = false;
  const pauses = createPauses();
  let loops: Promise<void>[] = [];
  const wakeUps = createWakeUps(followers, () => running);
  let unsubscribe: (() => void) | undefined;

  const add = (f: Follower) => {
    if (followers.some((x) => x.name === f.name)) throw new Error(`Follower ${f.name} added twice`);
    followers.push(f);
  };

  const applyBatch = createBatchApplier(db, checkpoints, leases.owner);

  const follow = createFollowLoop({
    isRunning: () => running,
    leases,
    checkpoints,
    positions,
    wakeUps,
    pauses,
    readShared,
    applyBatch,
    log,
    pollMs,
  });

  /** Projections that read any of `eventTypes` (all projections when not given). */
  const projectionNames = (eventTypes?: readonly string[]) =>
    followers
      .filter(
        (f) =>
          f.kind === "projection" &&
          !f.inline &&
          (!eventTypes || !f.eventTypes || eventTypes.some((t) => f.eventTypes!.has(t))),
      )
      .map((f) => f.name);

  return {
    addProjection(p: Projection) {
      const inline = p.inline !== undefined && store.inlineWrites;
      add({
        name: `projection:${p.name}`,
        kind: "projection",
        inline,
        ...typesOf(p.eventTypes),
        projection: p,
        lag: createLagWindow(),
      });
    },
    addReactor(r: Reactor) {
      add({
        name: `reactor:${r.name}`,
        kind: "reactor",
        inline: false,
        ...typesOf(r.eventTypes),
        reactor: r,
        lag: createLagWindow(),
      });
    },
    /** The names of the registered followers. */
    names: () => followers.map((f) => f.name),
    start() {
      if (running) return;
      running = true;
      unsubscribe = store.subscribe(wakeUps.appended);
      loops = followers.filter((f) => !f.inline).map((f) => follow(f));
    },
    async stop() {
      running = false;
      pauses.endAll();
      unsubscribe?.();
      wakeUps.cancel();
      wakeUps.wakeAll();
      await Promise.all(loops);
      loops = [];
      await leases.close();
    },
    /** How this runner's followers are leased. */
    leaseKind: leases.kind,

    /**
     * Resolves once every projection (that reads one of `eventTypes`, when given) has
     * processed `position` (read your writes). Works
     * whether the projections run in this process or another; gives up after `timeoutMs`
     * and returns false.
     */
    async waitFor(position: string, timeoutMs = 5000, eventTypes?: readonly string[]): Promise<boolean> {
      const names = projectionNames(eventTypes);
      if (names.length === 0) return true;
      return positions.waitFor(names, position, timeoutMs, wakeUps.wakeAll);
    },

    /**
     * Per follower: stored position, how many events it is behind (capped at 1000), and
     * recent lag in this process. An inline projection is never behind: it commits with
     * the events (its position is that of its last rebuild).
     */
    async status(): Promise<
      {
        name: string;
        mode: "inline" | "follower";
        position: string | null;
        behind: number;
        lag: ReturnType<Follower["lag"]["summary"]>;
      }[]
    > {
      const stored = await checkpoints.positions(followers.map((f) => f.name));
      // Where this process follows, it knows better than the row (stored lazily while it skips).
      const positionOf = (f: Follower) => {
        const row = stored.get(f.name) ?? null;
        const here = positions.of(f.name, true);
        return (here ?? "") > (row ?? "") ? here : row;
      };
      // How far behind: the log's events after the position, counted in the store (none of
      // them leaves it), once per distinct position.
      const counts = new Map<string, Promise<number>>();
      const behindOf = (position: string | null) => {
        const key = position ?? "";
        if (!counts.has(key))
          counts.set(
            key,
            store.readPage({ after: position, limit: 1000, types: [] }).then((p) => p.scanned),
          );
        return counts.get(key)!;
      };
      return Promise.all(
        followers.map(async (f) => {
          const position = positionOf(f);
          const behind = f.inline ? 0 : await behindOf(position);
          return {
            name: f.name,
            mode: f.inline ? ("inline" as const) : ("follower" as const),
            position,
            behind,
            lag: f.lag.summary(),
          };
        }),
      );
    },

    /**
     * Rebuilds a projection from position 0: empties its tables and resets its checkpoint in
     * one transaction, then replays the log (only its event types leave the store) up to at
     * least its head when the rebuild began. Call with the runner stopped; returns the number
     * of its events replayed.
     */
    async rebuild(name: string, onProgress?: (events: number) => void): Promise<number> {
      const f = followers.find((x) => x.name === name || x.name === `projection:${name}`);
      if (!f || f.kind !== "projection") throw new Error(`No projection named ${name}`);
      const { position, count } = await replayProjection(
        { db, store, leases, checkpoints, applyBatch, batchSize },
        f,
        onProgress,
      );
      positions.moved(f.name, position);
      return count;
    },
  };
};

export type FollowerRunner = ReturnType<typeof createFollowerRunner>;
