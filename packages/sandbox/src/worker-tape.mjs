// @ts-check
/**
 * What a run read of the world beside its input and its ctx answers: the seed of its
 * Math.random, its clock readings (Date, performance.now) and its crypto.randomUUID values,
 * taped while its default function runs (not while its module is evaluated, which a snapshot
 * may have done long before). A replay gives the recorded seed and answers the readings
 * again in order; once they run out, the live clock and fresh ids.
 *
 * @typedef {import("./protocol.ts").Tape} Tape
 */
import { randomUUID } from "node:crypto";

/** Readings kept per run: a component reading the clock in a loop must not grow its record without bound. */
const MAX_READINGS = 10_000;

const liveClock = () => performance.timeOrigin + performance.now();

/** @param {Tape | undefined} replay */
export const createTape = (replay) => {
  /** @type {number[]} */
  const clock = [];
  /** @type {string[]} */
  const uuids = [];
  let nextClock = 0;
  let nextUuid = 0;
  let taping = false;
  /** @type {string | null} */
  let seed = null;
  return {
    /** The seed a replay must start Math.random from. */
    replaySeed: replay?.seed ? BigInt(replay.seed) : undefined,
    /** The run's default function starts, its Math.random seeded with `seedSet` (undefined: it could not be). */
    start(/** @type {bigint | undefined} */ seedSet) {
      taping = true;
      seed = seedSet === undefined ? null : String(seedSet);
    },
    stop() {
      taping = false;
    },
    /** @param {number} origin what the reading counts from (0: the epoch) */
    now(origin) {
      if (!taping) return liveClock() - origin;
      const value =
        replay && nextClock < replay.clock.length
          ? /** @type {number} */ (replay.clock[nextClock++])
          : liveClock() - origin;
      if (clock.length < MAX_READINGS) clock.push(value);
      return value;
    },
    uuid() {
      if (!taping) return randomUUID();
      const value =
        replay && nextUuid < replay.uuids.length ? /** @type {string} */ (replay.uuids[nextUuid++]) : randomUUID();
      if (uuids.length < MAX_READINGS) uuids.push(value);
      return value;
    },
    /** @returns {Tape} */
    recorded: () => ({ seed, clock, uuids }),
  };
};

/** The live clock and fresh ids, for what runs outside a run's default function. */
export const untaped = { now: (/** @type {number} */ origin) => liveClock() - origin, uuid: () => randomUUID() };
