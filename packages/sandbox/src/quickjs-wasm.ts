import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { WasmModule } from "./protocol.ts";
import { countMutableGlobals } from "./wasm-globals.ts";

/**
 * The QuickJS-NG WebAssembly module the worker threads run: compiled once per process and
 * handed to every worker (pool.ts), with its mutable globals counted here for the snapshots.
 */
export type Wasm = { module: WasmModule; mutableGlobals: number };

const require = createRequire(import.meta.url);
let wasmModule: Promise<Wasm> | undefined;
/** The runtime's WebAssembly global (this project's lib settings type only its namespace). */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;
/** The QuickJS-NG WebAssembly module, compiled once per process and shared by every worker. */
export const quickjsModule = () =>
  (wasmModule ??= readFile(require.resolve("@jitl/quickjs-ng-wasmfile-release-sync/wasm")).then(async (bytes) => ({
    module: await wasm.compile(bytes),
    mutableGlobals: countMutableGlobals(bytes),
  })));
