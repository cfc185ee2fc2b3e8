import type { RecordedEvent } from "@platform/event-store";
import { LeaseLost } from "./apply-batch.ts";
import type { createBatchApplier } from "./apply-batch.ts";
import type { checkpointStore } from "./checkpoints.ts";
import type { FollowerLeases } from "./leases.ts";
import type { createPauses } from "./pauses.ts";
import type { KnownPositions } from "./read-your-writes.ts";
import type { createSharedPageReads } from "./shared-page-reads.ts";
import type { Follower, Log } from "./follower.ts";
import type { createWakeUps } from "./wake-ups.ts";

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type FollowLoopDeps = {
  readonly isRunning: () => boolean;
  readonly leases: FollowerLeases;
  readonly checkpoints: ReturnType<typeof checkpointStore>;
  readonly positions: KnownPositions;
  readonly wakeUps: ReturnType<typeof createWakeUps<Follower>>;
  readonly pauses: ReturnType<typeof createPauses>;
  readonly readShared: ReturnType<typeof createSharedPageReads>;
  readonly applyBatch: ReturnType<typeof createBatchApplier>;
  readonly log: Log;
  /** Fallback poll when no wake-up arrives. */
  readonly pollMs: number;
};

const relevantOf = (f: Follower, events: readonly RecordedEvent[]) =>
  f.eventTypes ? events.filter((e) => f.eventTypes!.has(e.type)) : events;

/**
 * One follower's loop, while the runner runs: under its lease, reads the log after its
 * position, applies what concerns it with the checkpoint, and waits for the next append.
 */
export const createFollowLoop = (deps: FollowLoopDeps) => async (f: Follower) => {
  const { leases, checkpoints, positions, wakeUps, pauses, readShared, applyBatch, log, pollMs, isRunning } = deps;
  const owner = leases.owner;
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
    if (!(await checkpoints.move(f.name, owner, persisted, position))) return false;
    persisted = position;
    persistedAt = Date.now();
    return true;
  };
  while (isRunning()) {
    try {
      if (!owned || !leases.holds(f.name, leaseRenewedAt)) {
        const claim = await leases.claim(f.name);
        if (!claim) {
          owned = false;
          positions.dropped(f.name);
          await wakeUps.wait(f, 1000);
          continue;
        }
        if (!owned) position = persisted = claim.position;
        positions.held(f.name, owned ? undefined : position);
        owned = true;
        leaseRenewedAt = Date.now();
      }
      const signalsBefore = wakeUps.signalOf(f).count;
      const page = await readShared(f.typesKey, position);
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
      if (relevant.length === 0 && Date.now() - persistedAt > SKIPPED_PERSIST_MS && !(await persistSkipped()))
        throw new LeaseLost();
      positions.moved(f.name, position);
      failures = 0;
      // A short page was all there was to read: unless an append woke us meanwhile, wait
      // for the next one rather than read again at once to find nothing. A look after
      // RECHECK_MS catches events that an older open transaction kept hidden.
      // Not once stopping: a stop that came during the batch has ended the pauses already.
      if (relevant.length > 0 && !page.full && f.reactor?.settleMs && isRunning())
        await pauses.pause(f.reactor.settleMs);
      else if (!page.full && wakeUps.signalOf(f).count === signalsBefore) await wakeUps.wait(f, RECHECK_MS);
    } catch (error) {
      owned = false;
      positions.dropped(f.name);
      if (!isRunning()) break;
      if (error instanceof LeaseLost) continue;
      failures++;
      log.error(
        { follower: f.name, err: error instanceof Error ? { message: error.message, stack: error.stack } : error },
        "follower batch failed; retrying",
      );
      await sleep(Math.min(30_000, 100 * 2 ** Math.min(failures, 8)));
    }
  }
  positions.dropped(f.name);
  if (owned) await persistSkipped().catch(() => undefined);
  await leases.release(f.name).catch(() => undefined);
};
