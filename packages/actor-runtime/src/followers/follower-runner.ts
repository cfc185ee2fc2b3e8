import { EventEmitter } from "node:events";
import type { Database } from "@platform/db";
import type { EventStore, RecordedEvent } from "@platform/event-store";
import { checkpointStore } from "./checkpoints.ts";
import { createPauses } from "./pauses.ts";
import { createFollowerLeases } from "./leases.ts";
import { createLagWindow } from "./lag-window.ts";
import { createWakeUps } from "./wake-ups.ts";
import { createSharedPageReads, typesOf } from "./shared-page-reads.ts";
import { LeaseLost, createBatchApplier } from "./apply-batch.ts";
import { replayProjection } from "./rebuild.ts";
import type { Projection, Reactor } from "./types.ts";

type Log = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

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

type Follower = {
  readonly name: string;
  readonly kind: "projection" | "reactor";
  /** Written in each append's transaction (an inline projection on a store that can): never followed, only rebuilt. */
  readonly inline: boolean;
  readonly eventTypes: ReadonlySet<string> | null;
  /** Its event types as the shared page reads name them (shared-page-reads.ts). */
  readonly typesKey: string;
  readonly projection?: Projection;
  readonly reactor?: Reactor;
  readonly lag: ReturnType<typeof createLagWindow>;
};

/**
 * For RECHECK_FOR_MS after a wake-up, a follower that finds nothing more to read looks again
 * every RECHECK_MS instead of sleeping a whole fallback poll: an append's events stay hidden
 * while an older transaction elsewhere holds the snapshot xmin back, and their NOTIFY may
 * have come and gone by the time they show.
 */
const RECHECK_MS = 25;
const RECHECK_FOR_MS = 5000;

/** How stale a stored checkpoint may be while only batches with nothing for its follower went by. */
const SKIPPED_PERSIST_MS = 1000;

const silent: Log = { warn: () => undefined, error: () => undefined, info: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  const owner = leases.owner;
  const checkpoints = checkpointStore(db.pool);
  const followers: Follower[] = [];
  const known = new Map<string, string | null>();
  /** Followers whose lease this process holds: for them `known` is the truth, no need to ask the database. */
  const local = new Set<string>();
  /** One shared read of the others' checkpoints at a time, for every waiting request. */
  let refreshing: Promise<void> | undefined;
  const refreshKnown = () =>
    (refreshing ??= checkpoints
      .positions(followers.filter((f) => f.kind === "projection" && !f.inline && !local.has(f.name)).map((f) => f.name))
      .then((positions) => {
        for (const [n, p] of positions) if ((known.get(n) ?? "") < (p ?? "")) known.set(n, p);
      })
      .finally(() => {
        refreshing = undefined;
      }));
  const advanced = new EventEmitter();
  advanced.setMaxListeners(0);
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

  const applyBatch = createBatchApplier(db, checkpoints, owner);

  const readLog = (f: Follower, after: string | null) => readShared(f.typesKey, after);

  const relevantOf = (f: Follower, events: readonly RecordedEvent[]) => (f.eventTypes ? events.filter((e) => f.eventTypes!.has(e.type)) : events);

  const follow = async (f: Follower) => {
    await checkpoints.ensure(f.name);
    // `position`: everything up to it is handled. `persisted`: what rt_checkpoints holds. Batches
    // with nothing for this follower move only `position`; the row catches up lazily.
    let position: string | null = null;
    let persisted: string | null = null;
    let persistedAt = 0;
    let leaseRenewedAt = 0;
    let owned = false;
    let failures = 0;
    const persistSkipped = async () => {
      if (position === persisted) return true;
      const r = await db.pool.query("UPDATE rt_checkpoints SET position = $3, updated_at = now() WHERE name = $1 AND owner = $2 AND position IS NOT DISTINCT FROM $4", [f.name, owner, position, persisted]);
      if (r.rowCount !== 1) return false;
      persisted = position;
      persistedAt = Date.now();
      return true;
    };
    while (running) {
      try {
        if (!owned || !leases.holds(f.name, leaseRenewedAt)) {
          const claim = await leases.claim(f.name);
          if (!claim) {
            owned = false;
            local.delete(f.name);
            await wakeUps.wait(f, 1000);
            continue;
          }
          if (!owned) {
            position = persisted = claim.position;
            known.set(f.name, position);
          }
          owned = true;
          local.add(f.name);
          leaseRenewedAt = Date.now();
        }
        const signalsBefore = wakeUps.signalOf(f).count;
        const page = await readLog(f, position);
        if (page.end === null) {
          // Idle: store a position moved only by skipped batches, at most every second or so.
          if (Date.now() - persistedAt > SKIPPED_PERSIST_MS && !(await persistSkipped())) throw new LeaseLost();
          const soon = Date.now() - wakeUps.signalOf(f).at < RECHECK_FOR_MS;
          await wakeUps.wait(f, soon ? Math.min(RECHECK_MS, pollMs) : pollMs);
          continue;
        }
        // The page holds the events of every follower that shared the read: keep this one's.
        const relevant = relevantOf(f, page.events);
        if (relevant.length > 0) {
          if (!(await applyBatch(f, persisted, page.end, relevant))) throw new LeaseLost();
          persisted = page.end;
          persistedAt = Date.now();
        }
        position = page.end;
        if (relevant.length === 0 && Date.now() - persistedAt > SKIPPED_PERSIST_MS && !(await persistSkipped())) throw new LeaseLost();
        known.set(f.name, position);
        advanced.emit("advanced");
        failures = 0;
        // A short page was all there was to read: unless an append woke us meanwhile, wait
        // for the next one rather than read again at once to find nothing. A look after
        // RECHECK_MS catches events that an older open transaction kept hidden.
        // Not once stopping: a stop that came during the batch has ended the pauses already.
        if (relevant.length > 0 && !page.full && f.reactor?.settleMs && running) await pauses.pause(f.reactor.settleMs);
        else if (!page.full && wakeUps.signalOf(f).count === signalsBefore) await wakeUps.wait(f, RECHECK_MS);
      } catch (error) {
        owned = false;
        local.delete(f.name);
        if (!running) break;
        if (error instanceof LeaseLost) continue;
        failures++;
        log.error({ follower: f.name, err: error instanceof Error ? { message: error.message, stack: error.stack } : error }, "follower batch failed; retrying");
        await sleep(Math.min(30_000, 100 * 2 ** Math.min(failures, 8)));
      }
    }
    local.delete(f.name);
    if (owned) await persistSkipped().catch(() => undefined);
    await leases.release(f.name).catch(() => undefined);
  };

  /** Projections that read any of `eventTypes` (all projections when not given). */
  const projectionNames = (eventTypes?: readonly string[]) =>
    followers
      .filter((f) => f.kind === "projection" && !f.inline && (!eventTypes || !f.eventTypes || eventTypes.some((t) => f.eventTypes!.has(t))))
      .map((f) => f.name);

  return {
    addProjection(p: Projection) {
      const inline = p.inline !== undefined && store.inlineWrites;
      add({ name: `projection:${p.name}`, kind: "projection", inline, ...typesOf(p.eventTypes), projection: p, lag: createLagWindow() });
    },
    addReactor(r: Reactor) {
      add({ name: `reactor:${r.name}`, kind: "reactor", inline: false, ...typesOf(r.eventTypes), reactor: r, lag: createLagWindow() });
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
      const satisfied = () => names.every((n) => (known.get(n) ?? "") >= position);
      const deadline = Date.now() + timeoutMs;
      wakeUps.wakeAll();
      while (!satisfied()) {
        if (Date.now() > deadline) return false;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            advanced.off("advanced", done);
            resolve();
          };
          const timer = setTimeout(done, running ? 50 : 15);
          advanced.on("advanced", done);
        });
        // Followers of other processes are seen only through their stored checkpoints.
        if (names.some((n) => !local.has(n) && (known.get(n) ?? "") < position)) await refreshKnown();
      }
      return true;
    },

    /**
     * Per follower: stored position, how many events it is behind (capped at 1000), and
     * recent lag in this process. An inline projection is never behind: it commits with
     * the events (its position is that of its last rebuild).
     */
    async status(): Promise<{ name: string; mode: "inline" | "follower"; position: string | null; behind: number; lag: ReturnType<Follower["lag"]["summary"]> }[]> {
      const stored = await checkpoints.positions(followers.map((f) => f.name));
      // Where this process follows, it knows better than the row (stored lazily while it skips).
      const positionOf = (f: Follower) => {
        const row = stored.get(f.name) ?? null;
        const here = local.has(f.name) ? (known.get(f.name) ?? null) : null;
        return (here ?? "") > (row ?? "") ? here : row;
      };
      // How far behind: the log's events after the position, counted in the store (none of
      // them leaves it), once per distinct position.
      const counts = new Map<string, Promise<number>>();
      const behindOf = (position: string | null) => {
        const key = position ?? "";
        if (!counts.has(key)) counts.set(key, store.readPage({ after: position, limit: 1000, types: [] }).then((p) => p.scanned));
        return counts.get(key)!;
      };
      return Promise.all(
        followers.map(async (f) => {
          const position = positionOf(f);
          const behind = f.inline ? 0 : await behindOf(position);
          return { name: f.name, mode: f.inline ? ("inline" as const) : ("follower" as const), position, behind, lag: f.lag.summary() };
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
      const { position, count } = await replayProjection({ db, store, leases, checkpoints, applyBatch, batchSize }, f, onProgress);
      known.set(f.name, position);
      return count;
    },
  };
};

export type FollowerRunner = ReturnType<typeof createFollowerRunner>;
