// @ts-check
/**
 * Snapshots of a worker's QuickJS engine: the WebAssembly memory an engine had at one
 * moment, and the little JavaScript-side state that goes with it, taken once a component's
 * module is evaluated and restored before each of its runs. Every run starts from the same
 * bytes at the cost of a memory copy (Wizer's and Javy's approach), where evaluating the
 * module in a fresh context costs a millisecond.
 *
 * It relies on internals of the pinned QuickJS-NG build (quickjs-emscripten 0.32.0), each
 * checked when the engine starts (worker-snapshot-checks.mjs); when one does not hold,
 * `createSnapshots` throws SnapshotsUnavailable and the worker makes a fresh context for every
 * run instead. A restored context's Math.random gets a fresh seed (worker-random.mjs).
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
import { check, findSbrk, proveRestore, proveStackWindow } from "./worker-snapshot-checks.mjs";
import { createReseeder } from "./worker-random.mjs";

export { SnapshotsUnavailable } from "./worker-snapshot-checks.mjs";

/** The build's C stack (emscripten's STACK_SIZE): the static data ends this far below its top. */
const STACK_BYTES = 5 * 1024 * 1024;

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

  /** @type {((vm: QuickJSContext, given?: bigint) => bigint) | undefined} */
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
  return { base, take, restore, inUse, reseed: /** @type {NonNullable<typeof reseed>} */ (reseed) };
};
