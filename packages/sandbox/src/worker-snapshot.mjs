// @ts-check
/**
 * Snapshots of a worker's QuickJS engine: the WebAssembly memory an engine had at one
 * moment, and the little JavaScript-side state that goes with it, taken once a component's
 * module is evaluated and restored before each of its runs. Every run starts from the same
 * bytes at the cost of a memory copy (Wizer's and Javy's approach), where evaluating the
 * module in a fresh context costs a millisecond.
 *
 * It relies on internals of the pinned QuickJS-NG build (quickjs-emscripten 0.32.0), each
 * checked when the engine starts; when one does not hold, `createSnapshots` throws
 * SnapshotsUnavailable and the worker makes a fresh context for every run instead.
 *
 * The memory's layout in this build: static data and bss from 0, then the C stack (5 MiB,
 * growing down from the one mutable wasm global, the stack pointer), then dlmalloc's heap
 * from the stack's top up to the sbrk top, a word in the static data. A snapshot is the
 * static data and the heap in use; at rest the stack holds nothing live, and the part of it a
 * run may have touched is zeroed on each restore.
 *
 * @typedef {import("./worker-engine.mjs").Engine} Engine
 * @typedef {import("quickjs-emscripten-core").QuickJSContext} QuickJSContext
 * @typedef {{ nextId: number, freelist: number[], groups: Map<number, Map<number, unknown>> }} HostRefs
 * @typedef {{ data: Uint8Array, heap: Uint8Array, top: number, bytes: number, vm: QuickJSContext | undefined, hostRefs:
 * HostRefs }} Image
 */
import { getRandomValues } from "node:crypto";

/** The build's C stack (emscripten's STACK_SIZE): the static data ends this far below its top. */
const STACK_BYTES = 5 * 1024 * 1024;
/** Above the 2 MiB dlmalloc trims at by default, so a probe shows whether it gives memory back. */
const PROBE_BYTES = 3 * 1024 * 1024;
/** dlmalloc grows the heap in 64 KiB steps. */
const GRANULE = 64 * 1024;
const XORSHIFT_MULTIPLIER = 0x2545f4914f6cdd1dn;
const U64 = (1n << 64n) - 1n;
const MANTISSA = (1n << 52n) - 1n;
/** How much of a JSContext is searched for Math.random's state. */
const CONTEXT_SCAN_BYTES = 4096;

/** A check at start failed: the worker runs each component in a fresh context instead. */
export class SnapshotsUnavailable extends Error {}
/** @param {boolean} ok @param {string} reason */
const check = (ok, reason) => {
  if (!ok) throw new SnapshotsUnavailable(reason);
};

/**
 * @param {Engine} engine
 * @param {{ mutableGlobals: number, stackBytes: number }} facts the wasm module's mutable globals (counted on the host)
 * and QuickJS's stack limit
 */
export const createSnapshots = (engine, facts) => {
  const { runtime, memory, exports } = engine;
  const rt = /** @type {any} */ (runtime);
  const u8 = new Uint8Array(memory.buffer);
  const view = new DataView(memory.buffer);
  check(
    facts.mutableGlobals === 1,
    `the engine has ${facts.mutableGlobals} mutable wasm globals, not only the stack pointer`,
  );

  // The stack pointer's accessors, exported under these names by the pinned build.
  const stackGet = /** @type {() => number} */ (exports.Pa);
  const stackRestore = /** @type {(sp: number) => void} */ (exports.Na);
  const stackAlloc = /** @type {(n: number) => number} */ (exports.Oa);
  check(
    [stackGet, stackRestore, stackAlloc].every((f) => typeof f === "function"),
    "the stack pointer's accessors are missing",
  );
  const heapBase = stackGet();
  check(
    Number.isInteger(heapBase) && heapBase % 16 === 0 && heapBase > STACK_BYTES && heapBase < u8.length,
    `the stack pointer at rest (${heapBase}) is not where the stack's top should be`,
  );
  stackAlloc(64);
  const moved = stackGet();
  stackRestore(heapBase);
  check(moved === heapBase - 64 && stackGet() === heapBase, "the stack pointer's accessors do not move it as expected");
  const dataEnd = heapBase - STACK_BYTES;
  // The part of the stack a run may have used: QuickJS's own limit, and room for the C
  // frames that run beyond its checks.
  const stackWindow = Math.min(STACK_BYTES, 2 * facts.stackBytes + 64 * 1024);

  const sbrk = findSbrk(rt.module, u8, dataEnd, heapBase);
  /** The sbrk top: the end of the heap in use. */
  const top = () => view.getUint32(sbrk, true);

  // Made now, so that every snapshot has it: computeMemoryUsage() makes it on first use.
  rt.computeMemoryUsage().dispose();
  const hostRefs = rt.hostRefs;
  check(
    typeof hostRefs?.nextId === "number" && Array.isArray(hostRefs.freelist) && hostRefs.groups instanceof Map,
    "the runtime's host-function registry does not have the expected fields",
  );
  check(
    rt.contextMap instanceof Map && typeof rt.callbacks?.setContextCallbacks === "function",
    "the runtime's context registry does not have the expected fields",
  );

  /**
   * `alloc` gives the arrays the bytes are copied into (worker-turns.mjs reuses them).
   * @param {QuickJSContext | undefined} vm @param {(bytes: number) => Uint8Array} [alloc] @returns {Image}
   */
  const take = (vm, alloc) => {
    u8.fill(0, heapBase - stackWindow, heapBase);
    const end = top();
    const copy = (/** @type {number} */ from, /** @type {number} */ to) => {
      if (!alloc) return u8.slice(from, to);
      const out = alloc(to - from);
      out.set(u8.subarray(from, to));
      return out;
    };
    const data = copy(0, dataEnd);
    const heap = copy(heapBase, end);
    const groups = new Map([...hostRefs.groups].map(([id, group]) => [id, new Map(group)]));
    return {
      data,
      heap,
      top: end,
      bytes: data.length + heap.length,
      vm,
      hostRefs: { nextId: hostRefs.nextId, freelist: [...hostRefs.freelist], groups },
    };
  };

  /** @type {((vm: QuickJSContext) => void) | undefined} */
  let reseed;
  /**
   * `reseed: false` for a run's own memory coming back (worker-turns.mjs): it goes on with
   * the numbers it had.
   * @param {Image} image @param {{ reseed?: boolean }} [opts]
   */
  const restore = (image, opts = {}) => {
    const end = top();
    u8.set(image.data, 0);
    u8.set(image.heap, heapBase);
    // Memory above the sbrk top is kept zero, as a fresh memory is.
    if (end > image.top) u8.fill(0, image.top, end);
    u8.fill(0, heapBase - stackWindow, heapBase);
    stackRestore(heapBase);
    hostRefs.nextId = image.hostRefs.nextId;
    hostRefs.freelist = [...image.hostRefs.freelist];
    hostRefs.groups = new Map([...image.hostRefs.groups].map(([id, group]) => [id, new Map(group)]));
    if (image.vm) {
      // Contexts of different snapshots sit at the same address: host calls go to this one's.
      const ptr = /** @type {number} */ (/** @type {any} */ (image.vm).ctx.value);
      rt.contextMap.set(ptr, image.vm);
      rt.callbacks.setContextCallbacks(ptr, /** @type {any} */ (image.vm).cToHostCallbacks);
      if (opts.reseed !== false) reseed?.(image.vm);
    }
  };
  /** The bytes a snapshot taken now would hold. */
  const inUse = () => dataEnd + top() - heapBase;

  const base = take(undefined);
  reseed = createReseeder(engine);
  restore(base);
  proveRestore(runtime, u8, base, restore, { dataEnd, heapBase });
  proveStackWindow(runtime, u8, restore, base, { dataEnd, heapBase, stackWindow });
  restore(base);
  return { base, take, restore, inUse };
};

/**
 * Gives a context's Math.random a fresh seed. QuickJS seeds each context from the clock, so
 * contexts made within one tick, and every run restored from one snapshot, would otherwise
 * draw the same numbers.
 * @param {Engine} engine @returns {(vm: QuickJSContext) => void}
 */
export const createReseeder = (engine) => {
  const view = new DataView(engine.memory.buffer);
  const offset = findRandomState(engine.runtime, view);
  return (vm) => view.setBigUint64(/** @type {any} */ (vm).ctx.value + offset, seed(), true);
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
 * The sbrk word: the one word of the static data that holds a heap address and moves by
 * whole 64 KiB steps when a probe makes the heap grow. The probes are undone afterwards.
 * @param {any} module @param {Uint8Array} u8 @param {number} dataEnd @param {number} heapBase
 */
const findSbrk = (module, u8, dataEnd, heapBase) => {
  const words = () => new Uint32Array(u8.buffer.slice(0, dataEnd));
  const before = words();
  const topBound = heapBase + 4 * 1024 * 1024;
  const savedData = u8.slice(0, dataEnd);
  const savedHeap = u8.slice(heapBase, topBound);
  const first = module._malloc(PROBE_BYTES);
  const afterFirst = words();
  const candidates = [];
  for (let i = 0; i < before.length; i++) {
    const was = /** @type {number} */ (before[i]);
    const grew = /** @type {number} */ (afterFirst[i]) - was;
    if (was >= heapBase && was <= u8.length && grew >= PROBE_BYTES && grew % GRANULE === 0) candidates.push(i * 4);
  }
  check(
    first !== 0 && candidates.length === 1,
    `the sbrk top is not one word of the static data (${candidates.length} candidates)`,
  );
  const sbrk = /** @type {number} */ (candidates[0]);
  const view = new DataView(u8.buffer);
  const was = /** @type {number} */ (before[sbrk / 4]);
  check(was <= topBound, "the heap in use at start is larger than expected");
  const second = module._malloc(PROBE_BYTES);
  const grown = view.getUint32(sbrk, true);
  check(
    second !== 0 &&
      grown - /** @type {number} */ (afterFirst[sbrk / 4]) >= PROBE_BYTES &&
      second + PROBE_BYTES <= grown,
    "a second probe did not move the sbrk top",
  );
  module._free(second);
  module._free(first);
  check(
    view.getUint32(sbrk, true) === grown,
    "the allocator gives memory back (trims): the memory above the sbrk top would not stay known",
  );
  const after = words();
  for (let i = 0; i < after.length; i++) {
    if (after[i] !== before[i]) check(i * 4 < dataEnd, "the allocator's state is not in the static data");
  }
  u8.set(savedData, 0);
  u8.set(savedHeap, heapBase);
  u8.fill(0, topBound, grown);
  check(view.getUint32(sbrk, true) === was, "undoing the probe did not restore the sbrk top");
  return sbrk;
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

/**
 * A restore brings back every byte: after a context is made and used, the static data and
 * the heap equal the base snapshot's.
 * @param {import("quickjs-emscripten-core").QuickJSRuntime} runtime @param {Uint8Array} u8 @param {Image} base
 * @param {(i: Image) => void} restore @param {{ dataEnd: number, heapBase: number }} layout
 */
const proveRestore = (runtime, u8, base, restore, layout) => {
  const vm = runtime.newContext();
  vm.unwrapResult(vm.evalCode("globalThis.kept = Array.from({ length: 5000 }, (_, i) => ({ i }))")).dispose();
  restore(base);
  const same =
    Buffer.compare(u8.subarray(0, layout.dataEnd), base.data) === 0 &&
    Buffer.compare(u8.subarray(layout.heapBase, base.top), base.heap) === 0;
  check(same, "a restored memory differs from its snapshot");
  check(isZero(u8, base.top, base.top + 1024 * 1024), "the memory above the restored sbrk top is not zero");
};

/**
 * Deep recursion stays inside the stack window that each restore zeroes, and nothing else
 * lies between the static data and the stack.
 * @param {import("quickjs-emscripten-core").QuickJSRuntime} runtime @param {Uint8Array} u8
 * @param {(i: Image) => void} restore @param {Image} base
 * @param {{ dataEnd: number, heapBase: number, stackWindow: number }} layout
 */
const proveStackWindow = (runtime, u8, restore, base, layout) => {
  restore(base);
  const vm = runtime.newContext();
  const r = vm.evalCode(
    "const f = (n) => f(n + 1) + 1; try { f(0) } catch (e) { String(e) }; JSON.parse('['.repeat(1e5))",
  );
  (r.error ?? r.value).dispose();
  check(
    isZero(u8, layout.dataEnd, layout.heapBase - layout.stackWindow),
    "a run used the stack beyond the window a restore zeroes",
  );
};

/** @param {Uint8Array} u8 @param {number} from @param {number} to */
const isZero = (u8, from, to) => Buffer.from(u8.buffer, from, to - from).equals(Buffer.alloc(to - from));
