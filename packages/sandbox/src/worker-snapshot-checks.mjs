// @ts-check
/**
 * The checks that snapshots (worker-snapshot.mjs) rest on, each of an internal of the pinned
 * QuickJS-NG build made when the engine starts: where the sbrk top is, that the allocator
 * never gives memory back, that a restore brings back every byte and that the C stack stays
 * inside the window a restore zeroes. One that does not hold throws SnapshotsUnavailable.
 *
 * @typedef {import("./worker-snapshot.mjs").Image} Image
 */

/** Above the 2 MiB dlmalloc trims at by default, so a probe shows whether it gives memory back. */
const PROBE_BYTES = 3 * 1024 * 1024;
/** dlmalloc grows the heap in 64 KiB steps. */
const GRANULE = 64 * 1024;

/** A check at start failed: the worker runs each component in a fresh context instead. */
export class SnapshotsUnavailable extends Error {}
/** @param {boolean} ok @param {string} reason */
export const check = (ok, reason) => {
  if (!ok) throw new SnapshotsUnavailable(reason);
};

/**
 * The sbrk word: the one word of the static data that holds a heap address and moves by
 * whole 64 KiB steps when a probe makes the heap grow. The probes are undone afterwards.
 * @param {any} module @param {Uint8Array} u8 @param {number} dataEnd @param {number} heapBase
 */
export const findSbrk = (module, u8, dataEnd, heapBase) => {
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
 * A restore brings back every byte: after a context is made and used, the static data and
 * the heap equal the base snapshot's.
 * @param {import("quickjs-emscripten-core").QuickJSRuntime} runtime @param {Uint8Array} u8 @param {Image} base
 * @param {(i: Image) => void} restore @param {{ dataEnd: number, heapBase: number }} layout
 */
export const proveRestore = (runtime, u8, base, restore, layout) => {
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
export const proveStackWindow = (runtime, u8, restore, base, layout) => {
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
