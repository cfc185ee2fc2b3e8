// @ts-check
/**
 * Math.random's seed in a context: QuickJS keeps its xorshift64* state inside the JSContext,
 * found here once per engine, and every fresh or restored context gets a seed of its own.
 *
 * @typedef {import("./worker-engine.mjs").Engine} Engine
 * @typedef {import("quickjs-emscripten-core").QuickJSContext} QuickJSContext
 */
import { getRandomValues } from "node:crypto";
import { check } from "./worker-snapshot-checks.mjs";

const XORSHIFT_MULTIPLIER = 0x2545f4914f6cdd1dn;
const U64 = (1n << 64n) - 1n;
const MANTISSA = (1n << 52n) - 1n;
/** How much of a JSContext is searched for Math.random's state. */
const CONTEXT_SCAN_BYTES = 4096;

/**
 * Gives a context's Math.random a fresh seed, or the one given (a recorded run replayed), and
 * answers the seed it set. QuickJS seeds each context from the clock, so contexts made within
 * one tick, and every run restored from one snapshot, would otherwise draw the same numbers.
 * @param {Engine} engine @returns {(vm: QuickJSContext, given?: bigint) => bigint}
 */
export const createReseeder = (engine) => {
  const view = new DataView(engine.memory.buffer);
  const offset = findRandomState(engine.runtime, view);
  return (vm, given) => {
    const s = given === undefined || given === 0n ? seed() : given & U64;
    view.setBigUint64(/** @type {any} */ (vm).ctx.value + offset, s, true);
    return s;
  };
};

/** Seeds drawn from the system's generator 256 at a time (one draw costs more than a restore's copies). */
const seeds = new BigUint64Array(256);
let nextSeed = seeds.length;
/** A fresh xorshift64* state (never zero, which would stay zero). */
const seed = () => {
  if (nextSeed === seeds.length) {
    getRandomValues(seeds);
    nextSeed = 0;
  }
  const s = /** @type {bigint} */ (seeds[nextSeed++]);
  return s === 0n ? 1n : s;
};

/**
 * The offset of Math.random's xorshift64* state in a JSContext, found by matching one output
 * and proven by seeding it and predicting the next.
 * @param {import("quickjs-emscripten-core").QuickJSRuntime} runtime @param {DataView} view
 */
const findRandomState = (runtime, view) => {
  const vm = runtime.newContext();
  const random = () => /** @type {number} */ (vm.unwrapResult(vm.evalCode("Math.random()")).consume(vm.getNumber));
  const bits = (/** @type {number} */ r) => {
    const b = new DataView(new ArrayBuffer(8));
    b.setFloat64(0, r + 1);
    return b.getBigUint64(0) & MANTISSA;
  };
  const output = (/** @type {bigint} */ state) => ((state * XORSHIFT_MULTIPLIER) & U64) >> 12n;
  const ptr = /** @type {number} */ (/** @type {any} */ (vm).ctx.value);
  const wanted = bits(random());
  const found = [];
  for (let off = 0; off + 8 <= CONTEXT_SCAN_BYTES; off += 8) {
    if (output(view.getBigUint64(ptr + off, true)) === wanted) found.push(off);
  }
  check(found.length === 1, `Math.random's state was not found in the context (${found.length} matches)`);
  const offset = /** @type {number} */ (found[0]);
  let x = 0x9e3779b97f4a7c15n;
  view.setBigUint64(ptr + offset, x, true);
  x ^= x >> 12n;
  x = (x ^ (x << 25n)) & U64;
  x ^= x >> 27n;
  const predicted = bits(random()) === output(x);
  vm.dispose();
  check(predicted, "seeding Math.random's state did not give the predicted number");
  return offset;
};
