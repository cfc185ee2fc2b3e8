/**
 * The messages between the host (pool.ts) and a sandbox worker (worker.mjs). Everything the
 * component sends or receives crosses as JSON text.
 */
export type FailureCode = "COMPONENT_FAILED" | "COMPONENT_TIMEOUT" | "VALIDATION_FAILED";
type Failure = { code: FailureCode; message: string; details?: unknown };

/** A run's end as the worker reports it: the value is JSON text. */
export type WorkerOutcome = { ok: true; value: string } | { ok: false; error: Failure };

/**
 * What a run read beside its input and ctx answers (worker-tape.mjs): the seed of its Math.random (a decimal
 * string of 64 bits; null when this engine's state could not be found), its clock readings in epoch milliseconds
 * and its crypto.randomUUID values, in order.
 */
export type Tape = { seed: string | null; clock: number[]; uuids: string[] };

/** Measured inside the worker: the run itself, without queueing or thread hops. */
export type RunMetrics = { elapsedMs: number; ctxCalls: number };

/**
 * A compiled WebAssembly.Module, handed to workers as is (the project's lib, ES2023 without DOM, does not type
 * WebAssembly).
 */
export type WasmModule = object;

export type WorkerOptions = {
  wasmModule: WasmModule;
  timeoutMs: number;
  memoryMb: number;
  stackBytes: number;
  maxResultBytes: number;
  maxCtxCalls: number;
  maxLogLines: number;
  maxLogBytes: number;
  /** Restore a snapshot before each run instead of making a fresh context (worker-snapshot.mjs). */
  snapshots: boolean;
  /** Bytes of snapshots one thread keeps, the least recently used forgotten first. */
  snapshotBytes: number;
  /** Runs one thread takes at once with snapshots, each parked while it waits for a ctx answer (worker-turns.mjs). */
  runsPerThread: number;
  /** How long a thread looks for its next job after a run before it sleeps (ms; 0: it sleeps at once). */
  spinMs: number;
  /** The wasm module's mutable globals, counted on the host: snapshots need it to be 1 (the stack pointer). */
  mutableGlobals: number;
};

export type ToWorker =
  | { type: "compile"; id: number; key: string; source: string }
  /** `source` is sent once per thread (the worker keeps it by `key`), and again when the worker answers "missing". */
  | {
      type: "run";
      id: number;
      key: string;
      source?: string;
      input: string;
      ctx: readonly string[];
      /** Answer the run's tape with its end. */
      record?: boolean;
      /** Replay this tape: its seed, then its readings in order. */
      replay?: Tape;
    }
  | { type: "answer"; id: number; callId: number; ok: true; value: string | undefined }
  | {
      type: "answer";
      id: number;
      callId: number;
      ok: false;
      error: { message: string; code?: string; status?: number };
    }
  | { type: "stats"; id: number }
  /** What one turn of the host's event loop had for the thread, in order. */
  | { type: "batch"; messages: ToWorker[] };

export type FromWorker =
  /** `capacity`: how many runs the thread takes at once. */
  | { type: "ready"; capacity: number }
  | { type: "broken" }
  | { type: "warning"; message: string }
  | { type: "missing"; id: number }
  | {
      type: "compiled";
      id: number;
      issues: { path: string; message: string; line?: number; column?: number }[];
      parameters: unknown;
      recycle: boolean;
    }
  | { type: "done"; id: number; outcome: WorkerOutcome; recycle: boolean; metrics?: RunMetrics; tape?: Tape }
  | { type: "call"; id: number; callId: number; name: string; args: string }
  | { type: "log"; id: number; level: string; line: string }
  | {
      type: "stats";
      id: number;
      thread: number;
      objects: number;
      memoryUsed: number;
      snapshots: boolean;
      cached: number;
    }
  /** A turn's messages together, in the order they were posted. */
  | { type: "batch"; messages: FromWorker[] };
