// @ts-check
/**
 * Turns on a worker's one engine, so that a thread runs many components at once: a run that
 * awaits a ctx answer gives up the engine, and another run takes it. The engine's memory is
 * the run's state, so a run whose turn is taken while it waits is parked: its memory copied
 * out as a snapshot is, and copied back when its turn comes again (about as costly as a
 * restore, far less than holding the thread through a database round trip).
 *
 * Only the holder of the turn touches the engine, so nothing another run does between two of
 * its awaits can reach its memory. Without snapshots nothing can be parked: the host then
 * sends a thread one run at a time, and each run holds the turn to its end.
 *
 * Parked memory is bounded: a new run starts only while the parked runs and the one it would
 * park fit in `parkBytes`; a run already started always gets its turn back.
 *
 * @typedef {import("./worker-snapshot.mjs").Image} Image
 * @typedef {import("./worker-run.mjs").Run} Run
 * @typedef {ReturnType<import("./worker-snapshot.mjs").createSnapshots>} Snapshots
 */

/**
 * @param {{ snapshots: Snapshots | undefined, limits: { deadline: number, abort: boolean }, parkBytes: number }} deps
 */
export const createTurns = ({ snapshots, limits, parkBytes }) => {
  let held = false;
  /** @type {(() => void)[]} */
  const waiting = [];
  /** @type {(() => void)[]} */
  const admissions = [];
  /** @type {Run | undefined} the run whose memory is in the engine (it may have ended) */
  let loaded;
  /** @type {Run | undefined} the run holding the turn */
  let current;
  let parkedBytes = 0;
  /** Arrays of parked memory given back, for the next park: a park then makes no garbage. */
  const spare = new Map(/** @type {[number, Uint8Array[]][]} */ ([]));
  let spareBytes = 0;
  /** @param {number} bytes */
  const alloc = (bytes) => {
    const kept = spare.get(bytes)?.pop();
    if (!kept) return new Uint8Array(bytes);
    spareBytes -= bytes;
    return kept;
  };
  /** @param {Image} image */
  const giveBack = (image) => {
    for (const a of [image.data, image.heap]) {
      if (spareBytes + a.length > parkBytes) continue;
      const list = spare.get(a.length) ?? [];
      if (list.length === 0) spare.set(a.length, list);
      list.push(a);
      spareBytes += a.length;
    }
  };

  /** @returns {Promise<void>} */
  const acquire = () => {
    if (!held) {
      held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  /** Hands the turn to the next waiting run (it stays held) or frees it. */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else held = false;
  };

  /** Whether a new run may park the loaded one. */
  const room = () =>
    !loaded || loaded.done || (snapshots !== undefined && parkedBytes + snapshots.inUse() <= parkBytes);

  /** @param {Run} run */
  const load = (run) => {
    if (loaded !== run) {
      if (loaded && !loaded.done) {
        if (!snapshots || !loaded.c) throw new Error("a run in progress cannot be parked without snapshots");
        loaded.parked = snapshots.take(loaded.c.vm, alloc);
        parkedBytes += loaded.parked.bytes;
      }
      if (run.parked) {
        /** @type {Snapshots} */ (snapshots).restore(run.parked, { reseed: false });
        parkedBytes -= run.parked.bytes;
        giveBack(run.parked);
        run.parked = undefined;
      }
      loaded = run;
    }
    current = run;
    limits.deadline = run.deadline;
    limits.abort = run.fatal !== undefined;
  };

  return {
    /** The run holding the turn. */
    current: () => current,
    /**
     * Takes the turn for `run` and puts its memory in the engine: when it resolves the run
     * holds the engine until `leave` or `finish`. A run that has not started waits for room.
     * @param {Run} run
     */
    async enter(run) {
      for (;;) {
        await acquire();
        if (run.started || room()) break;
        release();
        await new Promise((resolve) => admissions.push(() => resolve(undefined)));
      }
      run.started = true;
      load(run);
    },
    /** Gives up the turn while the run waits (its memory stays until another run needs the engine). @param {Run} run */
    leave(run) {
      if (current === run) current = undefined;
      limits.deadline = Number.POSITIVE_INFINITY;
      limits.abort = false;
      release();
    },
    /** The run is over: its memory needs no parking, and a new run may have room now. @param {Run} run */
    finish(run) {
      run.done = true;
      if (run.parked) parkedBytes -= run.parked.bytes;
      run.parked = undefined;
      this.leave(run);
      for (const admit of admissions.splice(0)) admit();
    },
    /**
     * Runs `work` holding the turn, outside any run (the engine's statistics).
     * @template T @param {() => T} work @returns {Promise<T>}
     */
    async exclusive(work) {
      await acquire();
      try {
        return work();
      } finally {
        release();
      }
    },
  };
};
