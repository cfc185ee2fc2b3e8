import { AsyncResource } from "node:async_hooks";
import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import { validationFailed } from "@platform/kernel";
import type { ValidationIssue } from "@platform/kernel";
import type { Json } from "./json.ts";
import { checkDeclaration, compileParameters, validateInput } from "./parameters.ts";
import type { Parameters } from "./parameters.ts";
import type { Answer } from "./pool.ts";
import { WorkerPool } from "./pool.ts";
import type { FailureCode, RunMetrics, Tape } from "./protocol.ts";

export type SandboxOptions = {
  /** CPU and wall time of one run, its ctx calls included (default 2000). */
  readonly timeoutMs?: number;
  /** The memory of a component's engine, its heap and the engine's own data (MiB, default 64, at least 16). */
  readonly memoryMb?: number;
  /** The largest result, and the largest arguments of one ctx call, as JSON bytes (default 1 MiB). */
  readonly maxResultBytes?: number;
  /** ctx calls per run (default 100); the next one ends the run. */
  readonly maxCtxCalls?: number;
  /** Worker threads that run components (default: the CPU count, at least 2). */
  readonly workers?: number;
  /**
   * Runs one thread takes at once (default 32; 1 without snapshots): a run waiting for a ctx
   * answer is parked and another runs, so runs that wait on the database do not hold threads.
   */
  readonly runsPerThread?: number;
  /** QuickJS's stack (default 128 KiB): deep recursion is a RangeError, never a host stack overflow. */
  readonly stackKb?: number;
  /** How long past its deadline a run stuck in a C built-in may hold its thread before it is ended (default 50). */
  readonly graceMs?: number;
  /**
   * Start each run from a snapshot of the engine taken once the component's module was
   * evaluated (default true); false makes a fresh context and evaluates the module for every
   * run, as a thread also does when a check of the engine's internals fails at its start.
   */
  readonly snapshots?: boolean;
  /**
   * Snapshots one worker thread keeps (MiB, default 32), the least recently used forgotten
   * first; the memory of its parked runs is bounded by the same figure.
   */
  readonly snapshotMb?: number;
  /** Told once when a thread cannot use snapshots, with the reason. */
  readonly onWarning?: (message: string) => void;
};

export const SANDBOX_DEFAULTS = {
  timeoutMs: 2000,
  memoryMb: 64,
  maxResultBytes: 1024 * 1024,
  maxCtxCalls: 100,
  stackKb: 128,
  graceMs: 50,
  snapshotMb: 32,
  runsPerThread: 32,
} as const;

/** The host functions one run may call, by name; each takes and returns JSON. */
export type CtxFunctions = Readonly<Record<string, (...args: Json[]) => Promise<Json | undefined | void>>>;

export type RunFailure = { readonly code: FailureCode; readonly message: string; readonly details?: Json };
export type RunResult =
  | { readonly ok: true; readonly value: Json }
  | { readonly ok: false; readonly error: RunFailure };

export type RunOptions = {
  /** The component's console lines (at most 1 KiB each, 100 per run). */
  readonly onConsole?: (level: "log" | "info" | "warn" | "error" | "debug", line: string) => void;
  /**
   * How long the run took inside its thread (from its start to its outcome, its ctx calls
   * included, without queueing or thread hops) and how many ctx calls it made; for a run
   * whose thread was ended, the time until then as seen from here.
   */
  readonly onMetrics?: (metrics: RunMetrics) => void;
  /**
   * Asks for the run's tape (worker-tape.mjs: the seed of its Math.random, its clock readings, its
   * crypto.randomUUID values), told with its end; not for a run whose thread had to be ended.
   */
  readonly onTape?: (tape: Tape) => void;
  /** Replays a recorded tape: the run starts from its seed and reads its clock readings and ids in order. */
  readonly replay?: Tape;
};

export interface Component {
  /** The declared parameters, as the module exported them. */
  readonly parameters: Parameters;
  /** Validates `input`, then runs the component in a fresh context with only these `ctx` functions. */
  run(input: unknown, ctx?: CtxFunctions, options?: RunOptions): Promise<RunResult>;
}

export type EngineStats = {
  readonly thread: number;
  readonly objects: number;
  readonly memoryUsed: number;
  /** Whether the thread restores snapshots (false: a fresh context per run). */
  readonly snapshots: boolean;
  /** Component snapshots the thread keeps. */
  readonly cached: number;
};
export type SandboxStats = {
  readonly workers: number;
  readonly recycled: number;
  readonly engines: readonly EngineStats[];
};

export interface Sandbox {
  /** Checks a component module and keeps what a run needs; throws VALIDATION_FAILED with a path per problem. */
  compile(source: string): Promise<Component>;
  /** Each worker's QuickJS object count and heap use (they stay flat when every handle is freed). */
  stats(): Promise<SandboxStats>;
  /** Ends every worker; runs still going end with COMPONENT_FAILED. */
  dispose(): void;
}

const MAX_SOURCE_BYTES = 1024 * 1024;
/** Long enough for the host to answer one run and send the next (bench: sandbox). */
const SPIN_MS = 0.2;
const CTX_NAME_RE = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const positive = (name: string, value: number | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`sandbox option ${name} must be a positive number`);
  return value;
};

/** Runs untrusted components in QuickJS-NG (WebAssembly) on worker threads, with limits. */
export const createSandbox = (options: SandboxOptions = {}): Sandbox => {
  const timeoutMs = positive("timeoutMs", options.timeoutMs, SANDBOX_DEFAULTS.timeoutMs);
  const memoryMb = positive("memoryMb", options.memoryMb, SANDBOX_DEFAULTS.memoryMb);
  const maxResultBytes = positive("maxResultBytes", options.maxResultBytes, SANDBOX_DEFAULTS.maxResultBytes);
  const pool = new WorkerPool({
    timeoutMs,
    memoryMb,
    maxResultBytes,
    maxCtxCalls: Math.floor(positive("maxCtxCalls", options.maxCtxCalls, SANDBOX_DEFAULTS.maxCtxCalls)),
    stackBytes: Math.floor(positive("stackKb", options.stackKb, SANDBOX_DEFAULTS.stackKb) * 1024),
    maxLogLines: 100,
    maxLogBytes: 1024,
    maxWorkers: Math.floor(positive("workers", options.workers, Math.max(2, availableParallelism()))),
    graceMs: positive("graceMs", options.graceMs, SANDBOX_DEFAULTS.graceMs),
    snapshots: options.snapshots ?? true,
    runsPerThread: Math.floor(positive("runsPerThread", options.runsPerThread, SANDBOX_DEFAULTS.runsPerThread)),
    spinMs: SPIN_MS,
    snapshotBytes: Math.floor(positive("snapshotMb", options.snapshotMb, SANDBOX_DEFAULTS.snapshotMb) * 2 ** 20),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });

  const compile = async (source: string): Promise<Component> => {
    if (typeof source !== "string" || source.trim() === "")
      throw validationFailed([{ path: "source", message: "must be the module's text" }], "The component is invalid");
    if (Buffer.byteLength(source) > MAX_SOURCE_BYTES) {
      throw validationFailed(
        [{ path: "source", message: `must be at most ${MAX_SOURCE_BYTES} bytes` }],
        "The component is invalid",
      );
    }
    // The worker threads keep a component's source and snapshot under this key.
    const key = createHash("sha256").update(source).digest("base64url");
    const answer = await pool.submit({ type: "compile", key, source });
    if (answer.type === "done") {
      const message = answer.outcome.ok
        ? "evaluating the module failed"
        : `evaluating the module: ${answer.outcome.error.message}`;
      throw validationFailed([{ path: "source", message }], "The component is invalid");
    }
    if (answer.type !== "compiled") throw new Error(`unexpected sandbox answer ${answer.type}`);
    const issues: ValidationIssue[] = [...answer.issues];
    if (answer.parameters !== undefined) issues.push(...checkDeclaration(answer.parameters));
    if (issues.length > 0) throw validationFailed(issues, "The component is invalid");
    const parameters = deepFreeze(answer.parameters as Parameters);
    const schema = compileParameters(parameters);

    const run = async (input: unknown, ctx: CtxFunctions = {}, runOptions: RunOptions = {}): Promise<RunResult> => {
      const names = Object.keys(ctx);
      for (const name of names) {
        if (!CTX_NAME_RE.test(name) || typeof ctx[name] !== "function")
          throw new TypeError(`ctx.${name} must be a function with an identifier name`);
      }
      const checked = validateInput(schema, input);
      if (!checked.ok) {
        return {
          ok: false,
          error: {
            code: "VALIDATION_FAILED",
            message: "The component's parameters are invalid",
            details: checked.issues,
          },
        };
      }
      const submitted = performance.now();
      const done = await pool.submit(
        {
          type: "run",
          key,
          source,
          input: JSON.stringify(checked.value),
          ctx: names,
          ...(runOptions.onTape ? { record: true } : {}),
          ...(runOptions.replay ? { replay: runOptions.replay } : {}),
        },
        {
          // Answered from the worker's messages: bound to this run's async context, so a ctx call's
          // work belongs to whoever ran the component (its trace, its request's storage).
          onCall: AsyncResource.bind((name: string, args: string) => callHost(ctx, name, args)),
          onLog: runOptions.onConsole && ((level, line) => runOptions.onConsole?.(level as "log", line)),
        },
      );
      if (done.type !== "done") throw new Error(`unexpected sandbox answer ${done.type}`);
      runOptions.onMetrics?.(done.metrics ?? { elapsedMs: performance.now() - submitted, ctxCalls: 0 });
      if (done.tape) runOptions.onTape?.(done.tape);
      if (!done.outcome.ok) return { ok: false, error: done.outcome.error as RunFailure };
      return { ok: true, value: JSON.parse(done.outcome.value) as Json };
    };
    return Object.freeze({ parameters, run });
  };

  const stats = async (): Promise<SandboxStats> => {
    // Submitted together, so that idle workers each take one; answers are keyed by thread.
    const answers = await Promise.all(Array.from({ length: pool.size }, () => pool.submit({ type: "stats" })));
    const engines = new Map<number, EngineStats>();
    for (const m of answers) {
      if (m.type === "stats")
        engines.set(m.thread, {
          thread: m.thread,
          objects: m.objects,
          memoryUsed: m.memoryUsed,
          snapshots: m.snapshots,
          cached: m.cached,
        });
    }
    return {
      workers: pool.size,
      recycled: pool.recycled,
      engines: [...engines.values()].sort((a, b) => a.thread - b.thread),
    };
  };

  return { compile, stats, dispose: () => pool.dispose() };
};

/** Calls a host function with the component's JSON arguments; its answer, or its failure's message, code and status. */
const callHost = async (ctx: CtxFunctions, name: string, args: string): Promise<Answer> => {
  const fn = Object.hasOwn(ctx, name) ? ctx[name] : undefined;
  if (!fn) return { ok: false, error: { message: `ctx.${name} is not available` } };
  try {
    const value = await fn(...(JSON.parse(args) as Json[]));
    return { ok: true, value: value === undefined ? undefined : JSON.stringify(value) };
  } catch (e) {
    const error: { message: string; code?: string; status?: number } = {
      message: e instanceof Error ? e.message : String(e),
    };
    const { code, status } = (e ?? {}) as { code?: unknown; status?: unknown };
    if (typeof code === "string") error.code = code;
    if (typeof status === "number") error.status = status;
    return { ok: false, error };
  }
};

const deepFreeze = <T>(value: T): T => {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
};
