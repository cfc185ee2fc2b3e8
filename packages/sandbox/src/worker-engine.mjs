// @ts-check
/**
 * One QuickJS-NG engine for a worker thread: a WebAssembly instance with a memory fixed at
 * `memoryMb`, one runtime with QuickJS's own limits, and an interrupt handler that stops
 * code at `limits.deadline` or when `limits.abort` is set.
 */
import variantModule from "@jitl/quickjs-ng-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";

const MIB = 1024 * 1024;
const PAGE = 64 * 1024;
/** The engine's own data and C stack share the instance's memory with the component's heap. */
const ENGINE_MIB = 4;

/** @param {{ memoryMb: number, stackBytes: number, wasmModule: WebAssembly.Module }} options */
export const createEngine = async (options) => {
  // A fixed-size memory: setMemoryLimit alone does not cap the total in this build
  // (quickjs-emscripten #271), a memory that cannot grow does.
  const pages = Math.max(256, Math.ceil((options.memoryMb * MIB) / PAGE));
  const { Memory } = /** @type {{WebAssembly: {Memory: new (d: {initial: number, maximum: number}) => object}}} */ (
    /** @type {unknown} */ (globalThis)
  ).WebAssembly;
  const wasmMemory = /** @type {any} */ (new Memory({ initial: pages, maximum: pages }));
  const variant = /** @type {import("quickjs-emscripten-core").QuickJSSyncVariant} */ (/** @type {unknown} */ (variantModule));
  const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmModule: options.wasmModule, wasmMemory }));
  const runtime = quickjs.newRuntime();
  // QuickJS's own accounting refuses single large allocations with a clean error; the fixed
  // memory above is what caps the total.
  runtime.setMemoryLimit(Math.max(8, options.memoryMb - ENGINE_MIB) * MIB);
  runtime.setMaxStackSize(options.stackBytes);
  /** `abort` ends a run now (over its ctx calls). */
  const limits = { deadline: Number.POSITIVE_INFINITY, abort: false };
  runtime.setInterruptHandler(() => limits.abort || Date.now() > limits.deadline);
  return { runtime, limits };
};
