import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { untaped } from "./worker-tape.mjs";
import { prepareContext } from "./worker-context.mjs";
import type { Engine } from "./worker-engine.mjs";
import { createEngine } from "./worker-engine.mjs";
import { SnapshotsUnavailable, createSnapshots } from "./worker-snapshot.mjs";

/**
 * The snapshots at the level of bytes, on an engine made in this test's own thread: after a
 * restore the whole WebAssembly memory is what it was when the snapshot was taken, whatever
 * ran in between, a trap included; and an engine whose internals are not as expected is
 * refused, so that its worker falls back to a fresh context per run.
 */
const require = createRequire(import.meta.url);
const STACK_BYTES = 128 * 1024;
let wasmModule: WebAssembly.Module;
beforeAll(async () => {
  const wasm = (globalThis as unknown as { WebAssembly: { compile(b: Uint8Array): Promise<WebAssembly.Module> } })
    .WebAssembly;
  wasmModule = await wasm.compile(readFileSync(require.resolve("@jitl/quickjs-ng-wasmfile-release-sync/wasm")));
});
const engine = () => createEngine({ memoryMb: 64, stackBytes: STACK_BYTES, wasmModule });

/** An engine with a component's module evaluated in a context, and its snapshot. */
const withComponent = async () => {
  const e = await engine();
  const snapshots = createSnapshots(e, { mutableGlobals: 1, stackBytes: STACK_BYTES });
  snapshots.restore(snapshots.base);
  const c = prepareContext(e.runtime, { accept: () => false, emit: () => undefined, maxLogBytes: 1024 }, 1024, untaped);
  const ns = c.vm.unwrapResult(
    c.vm.evalCode("export let counter = 0; export const bump = () => ++counter;", "component.js", { type: "module" }),
  );
  e.runtime.executePendingJobs();
  for (const lazy of [c.vm.undefined, c.vm.null, c.vm.true, c.vm.false, c.vm.global]) void lazy;
  const image = snapshots.take(c.vm);
  return { e, snapshots, c, ns, image };
};

/** The whole memory as a restore must leave it: the static data, a zeroed stack, the heap, zeros above. */
const expectedMemory = (e: Engine, image: { data: Uint8Array; heap: Uint8Array }) => {
  const all = Buffer.alloc(e.memory.buffer.byteLength);
  all.set(image.data, 0);
  all.set(image.heap, heapBase(e));
  return all;
};
const heapBase = (e: Engine) => (e.exports.Pa as () => number)();

const hostile = (i: number) => `
  globalThis.leak = ${i}; Array.prototype.hostile = 1; JSON.parse = () => 0; delete globalThis.console;
  Object.freeze(Object.prototype); Promise.resolve().then(() => { globalThis.late = 1; });
  ${i % 100 === 0 ? 'globalThis.big = "x".repeat(23e6);' : ""}
  const f = (n) => f(n + 1) + 1; try { f(0); } catch {}
  Math.random();`;

describe("a snapshot's restore", () => {
  it("brings back every byte of the memory after each of 1,000 hostile runs, and the " +
    "host-function registry", async () => {
    const { e, snapshots, c, image } = await withComponent();
    const expected = expectedMemory(e, image);
    const memory = Buffer.from(e.memory.buffer);
    const registry = (
      e.runtime as unknown as {
        hostRefs: { nextId: number; freelist: number[]; groups: Map<number, Map<number, unknown>> };
      }
    ).hostRefs;
    const registryAt = () => ({
      nextId: registry.nextId,
      freelist: [...registry.freelist],
      ids: [...registry.groups.values()].flatMap((g) => [...g.keys()]),
    });
    const before = registryAt();
    const ctx = (c.vm as unknown as { ctx: { value: number } }).ctx.value;
    for (let i = 0; i < 1000; i++) {
      const fn = c.vm.newFunction("extra", () => undefined);
      c.vm.setProp(c.vm.global, "extra", fn);
      fn.dispose();
      const r = c.vm.evalCode(hostile(i));
      (r.error ?? r.value)?.dispose();
      snapshots.restore(image);
      const compared = i % 50 === 0 ? memory : memory.subarray(0, heapBase(e) + image.heap.length + 64 * 1024);
      // Math.random's state, one word of the context, is reseeded by each restore: the one
      // place allowed to differ.
      const words = [...new Set(differences(compared, expected).map((at) => at - (at % 8)))];
      if (words.length > 1 || words.some((w) => w < ctx || w >= ctx + 4096))
        throw new Error(`run ${i}: bytes at ${words.slice(0, 5).join(", ")} differ after the restore`);
      expect(registryAt()).toEqual(before);
    }
  }, 120_000);

  it("gives back a working engine after a WebAssembly trap", async () => {
    const { e, snapshots, c, image } = await withComponent();
    const stackRestore = e.exports.Na as (sp: number) => void;
    stackRestore(8); // the next call's frame lands below address 0
    expect(() => c.vm.evalCode("1 + 1")).toThrow(/out of bounds/);
    snapshots.restore(image);
    expect(c.vm.unwrapResult(c.vm.evalCode("typeof globalThis.leak + (1 + 1)")).consume(c.vm.getString)).toBe(
      "undefined2",
    );
  });
});

describe("the checks at start", () => {
  it("refuse an engine with more mutable globals than the stack pointer", async () => {
    const e = await engine();
    expect(() => createSnapshots(e, { mutableGlobals: 2, stackBytes: STACK_BYTES })).toThrow(
      new SnapshotsUnavailable("the engine has 2 mutable wasm globals, not only the stack pointer"),
    );
  });

  it("refuse an engine whose stack pointer's accessors are not where the pinned build has them", async () => {
    const e = await engine();
    const moved = { ...e, exports: { ...e.exports, Pa: undefined } };
    expect(() => createSnapshots(moved, { mutableGlobals: 1, stackBytes: STACK_BYTES })).toThrow(
      /the stack pointer's accessors are missing/,
    );
  });
});

/** Where `a` and `b` differ (at most 64 places). */
const differences = (a: Buffer, b: Buffer) => {
  const found: number[] = [];
  if (a.equals(b.subarray(0, a.length))) return found;
  for (let at = 0; at < a.length && found.length < 64; at += 4096) {
    const end = Math.min(a.length, at + 4096);
    if (a.subarray(at, end).equals(b.subarray(at, end))) continue;
    for (let k = at; k < end && found.length < 64; k++) if (a[k] !== b[k]) found.push(k);
  }
  return found;
};
