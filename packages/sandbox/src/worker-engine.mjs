// @ts-check
/**
 * One QuickJS-NG engine for a worker thread: a WebAssembly instance with a memory fixed at
 * `memoryMb`, one runtime with QuickJS's own limits, and an interrupt handler that stops
 * code at `limits.deadline` or when `limits.abort` is set. The instance's exports and memory
 * are kept for the snapshots (worker-snapshot.mjs).
 */
import variantModule from "@jitl/quickjs-ng-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";

const MIB = 1024 * 1024;
const PAGE = 64 * 1024;
/** The engine's own data and C stack share the instance's memory with the component's heap. */
const ENGINE_MIB = 4;

/**
 * @typedef {{ runtime: import("quickjs-emscripten-core").QuickJSRuntime, limits: { deadline: number, abort: boolean },
 *   memory: { buffer: ArrayBuffer }, exports: Record<string, unknown> }} Engine
 */

/**
 * @param {{ memoryMb: number, stackBytes: number, wasmModule: import("./protocol.ts").WasmModule }} options @returns
 * {Promise<Engine>}
 */
export const createEngine = async (options) => {
  // A fixed-size memory: setMemoryLimit alone does not cap the total in this build
  // (quickjs-emscripten #271), a memory that cannot grow does.
  const pages = Math.max(256, Math.ceil((options.memoryMb * MIB) / PAGE));
  const wasm = /** @type {any} */ (globalThis).WebAssembly;
  const wasmMemory = /** @type {{ buffer: ArrayBuffer }} */ (new wasm.Memory({ initial: pages, maximum: pages }));
  /** @type {Record<string, unknown>} */
  let exports = {};
  const variant = /** @type {import("quickjs-emscripten-core").QuickJSSyncVariant} */ (
    /** @type {unknown} */ (variantModule)
  );
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(variant, {
      wasmMemory,
      emscriptenModule: {
        // Instantiated here (from the module compiled once per process) so that the
        // instance's exports, the stack pointer's among them, are ours to reach.
        instantiateWasm: (/** @type {any} */ imports, /** @type {(i: any, m: any) => void} */ done) => {
          void wasm.instantiate(options.wasmModule, imports).then((/** @type {any} */ instance) => {
            exports = instance.exports;
            done(instance, options.wasmModule);
          });
          return {};
        },
      },
    }),
  );
  const runtime = quickjs.newRuntime();
  // QuickJS's own accounting refuses single large allocations with a clean error; the fixed
  // memory above is what caps the total.
  runtime.setMemoryLimit(Math.max(8, options.memoryMb - ENGINE_MIB) * MIB);
  runtime.setMaxStackSize(options.stackBytes);
  /** `abort` ends a run now (over its ctx calls). */
  const limits = { deadline: Number.POSITIVE_INFINITY, abort: false };
  runtime.setInterruptHandler(() => limits.abort || Date.now() > limits.deadline);
  return { runtime, limits, memory: wasmMemory, exports };
};
