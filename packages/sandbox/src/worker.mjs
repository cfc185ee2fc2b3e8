// @ts-check
/**
 * One sandbox worker thread: it owns one QuickJS-NG WebAssembly instance with a fixed-size
 * memory and runs one job at a time (compile, run or stats) in a fresh context. The host side
 * (pool.ts) terminates this thread and starts a new one after any run that did not end
 * cleanly (a timeout, out of memory, an engine fault): an interrupted or exhausted instance
 * is never reused, and terminating the thread gives its memory back at once.
 *
 * Plain JavaScript (not TypeScript) so that Node loads it as a worker with no loader, under
 * tsx, vitest and plain node alike. The messages are typed in protocol.ts.
 *
 * @typedef {import("./protocol.ts").ToWorker} ToWorker
 * @typedef {import("./protocol.ts").FromWorker} FromWorker
 * @typedef {import("./protocol.ts").WorkerOptions} WorkerOptions
 * @typedef {import("./protocol.ts").WorkerOutcome} Outcome
 * @typedef {import("quickjs-emscripten-core").QuickJSContext} QuickJSContext
 * @typedef {import("quickjs-emscripten-core").QuickJSHandle} QuickJSHandle
 * @typedef {import("quickjs-emscripten-core").QuickJSDeferredPromise} QuickJSDeferredPromise
 */
import { randomUUID } from "node:crypto";
import { parentPort, threadId, workerData } from "node:worker_threads";
import variantModule from "@jitl/quickjs-ng-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";

if (!parentPort) throw new Error("worker.mjs runs as a worker thread");
const port = parentPort;
/** @type {WorkerOptions} */
const options = workerData;
const MIB = 1024 * 1024;
const PAGE = 64 * 1024;
/** The engine's own data and C stack share the instance's memory with the component's heap. */
const ENGINE_MIB = 4;

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
const heapLimit = Math.max(8, options.memoryMb - ENGINE_MIB) * MIB;
runtime.setMemoryLimit(heapLimit);
runtime.setMaxStackSize(options.stackBytes);

/** @type {number} */
let deadline = Number.POSITIVE_INFINITY;
/** Set when a run must end now (over its ctx calls): the interrupt handler stops the code. */
let abort = false;
runtime.setInterruptHandler(() => abort || Date.now() > deadline);

const CONTEXT_HELPERS = `(() => {
  const stringify = JSON.stringify, parse = JSON.parse, S = String;
  // Text leaving the sandbox for a log line or an error is cut here, before it is copied out.
  const cut = (s, n) => (s.length > n ? s.slice(0, n) + "..." : s);
  const text = (x) => { try { return cut(typeof x === "string" ? x : S(x), 4096); } catch { return "?"; } };
  const describe = (e) => {
    try {
      if (e === null || (typeof e !== "object" && typeof e !== "function")) return stringify({ message: "the component threw " + (typeof e === "string" ? stringify(e) : text(e)) });
      const isError = e instanceof Error;
      let shown; try { shown = isError ? undefined : stringify(e); } catch { shown = undefined; }
      const out = isError
        ? { name: text(e.name), message: text(e.message), stack: typeof e.stack === "string" ? cut(e.stack, 4096) : undefined }
        : { message: "the component threw " + (shown === undefined ? text(e) : cut(shown, 512)) };
      if (typeof e.code === "string") out.code = e.code;
      if (typeof e.status === "number") out.status = e.status;
      return stringify(out);
    } catch { return '{"message":"an error that cannot be described"}'; }
  };
  const show = (args) => cut(args.map((a) => { if (typeof a === "string") return cut(a, 2048); try { const s = stringify(a); return s === undefined ? text(a) : cut(s, 2048); } catch { return text(a); } }).join(" "), 2048);
  // A declaration as JSON, with what JSON would drop made visible to the host's checks.
  const declaration = (x) => stringify(x, (k, v) => (typeof v === "function" ? "(a function)" : v === undefined ? "(undefined)" : v));
  return { stringify, parse, describe, show, declaration, isNull: (x) => x === null };
})()`;

/**
 * A context with the sandbox's few globals (console, crypto.randomUUID) and, kept on the host
 * side, handles to the helpers as they were before any component code ran (a component that
 * replaces JSON.parse changes nothing of ours).
 */
const prepareContext = () => {
  const vm = runtime.newContext();
  const helpers = vm.unwrapResult(vm.evalCode(CONTEXT_HELPERS, "sandbox.js"));
  const h = {
    stringify: vm.getProp(helpers, "stringify"),
    parse: vm.getProp(helpers, "parse"),
    describe: vm.getProp(helpers, "describe"),
    show: vm.getProp(helpers, "show"),
    declaration: vm.getProp(helpers, "declaration"),
    isNull: vm.getProp(helpers, "isNull"),
  };
  helpers.dispose();

  const consoleObject = vm.newObject();
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    const fn = vm.newFunction(level, (...args) => {
      if (!current || current.logLines >= options.maxLogLines) return;
      current.logLines++;
      const list = vm.newArray();
      args.forEach((a, i) => vm.setProp(list, i, a));
      const line = callText(vm, h.show, list);
      list.dispose();
      if (line !== undefined) post({ type: "log", id: current.id, level, line: truncate(line, options.maxLogBytes) });
    });
    vm.setProp(consoleObject, level, fn);
    fn.dispose();
  }
  vm.setProp(vm.global, "console", consoleObject);
  consoleObject.dispose();

  const cryptoObject = vm.newObject();
  const uuid = vm.newFunction("randomUUID", () => vm.newString(randomUUID()));
  vm.setProp(cryptoObject, "randomUUID", uuid);
  uuid.dispose();
  vm.setProp(vm.global, "crypto", cryptoObject);
  cryptoObject.dispose();
  return { vm, h, dispose: () => { for (const x of Object.values(h)) x.dispose(); vm.dispose(); } };
};

/** @param {QuickJSContext} vm @param {QuickJSHandle} fn @param {QuickJSHandle} arg */
const callText = (vm, fn, arg) => {
  const r = vm.callFunction(fn, vm.undefined, arg);
  if (r.error) {
    r.error.dispose();
    return undefined;
  }
  const out = vm.typeof(r.value) === "string" ? vm.getString(r.value) : undefined;
  r.value.dispose();
  return out;
};

/**
 * `x === null`, asked inside (this build's FFI has no equality); needs no allocation, so it
 * answers even when the heap is exhausted.
 * @param {ReturnType<typeof prepareContext>} c @param {QuickJSHandle} x
 */
const isNull = (c, x) => {
  if (c.vm.typeof(x) !== "object") return false;
  const r = c.vm.callFunction(c.h.isNull, c.vm.undefined, x);
  if (r.error) {
    r.error.dispose();
    return false;
  }
  const yes = c.vm.dump(r.value) === true;
  r.value.dispose();
  return yes;
};

/** @param {string} s @param {number} maxBytes */
const truncate = (s, maxBytes) => {
  if (Buffer.byteLength(s) <= maxBytes) return s;
  let cut = Buffer.from(s).subarray(0, maxBytes - 3).toString();
  if (cut.endsWith("\uFFFD")) cut = cut.slice(0, -1);
  return `${cut}...`;
};

/** @param {FromWorker} message */
const post = (message) => port.postMessage(message);

/** The failure a run ends with; `recycle` asks the host for a fresh worker. */
class RunEnd extends Error {
  /** @param {Outcome} outcome @param {boolean} recycle */
  constructor(outcome, recycle) {
    super(outcome.ok ? "ok" : outcome.error.message);
    this.outcome = outcome;
    this.recycle = recycle;
  }
}
/** @param {string} message @param {unknown} [details] @param {boolean} [recycle] */
const failed = (message, details, recycle = false) =>
  new RunEnd({ ok: false, error: details === undefined ? { code: "COMPONENT_FAILED", message } : { code: "COMPONENT_FAILED", message, details: /** @type {any} */ (details) } }, recycle);
const timedOut = () =>
  new RunEnd({ ok: false, error: { code: "COMPONENT_TIMEOUT", message: `the component ran longer than ${options.timeoutMs} ms` } }, true);

/**
 * @typedef {{ id: number, logLines: number, calls: number, fatal: RunEnd | undefined,
 *   pending: Map<number, QuickJSDeferredPromise>, wake: (() => void) | undefined }} Run
 */
/** @type {Run | undefined} */
let current;
/** @type {ReturnType<typeof prepareContext> | undefined} */
let prepared = prepareContext();

/**
 * What a thrown value says, as a RunEnd: out of memory and engine faults recycle the worker;
 * an interrupt is a timeout (or the run's own fatal end).
 * @param {ReturnType<typeof prepareContext>} c @param {QuickJSHandle} thrown
 */
const endFromThrown = (c, thrown) => {
  /** @type {{name?: string, message?: string, stack?: string, code?: string, status?: number, thrownNull?: boolean}} */
  let info = { message: "an error that cannot be described" };
  const text = callText(c.vm, c.h.describe, thrown);
  if (text !== undefined) info = JSON.parse(text);
  // Out of memory while making its error object, QuickJS throws null.
  if (isNull(c, thrown)) info = { message: "null", thrownNull: true };
  if (current?.fatal) return current.fatal;
  if (info.name === "InternalError" && info.message === "interrupted") return timedOut();
  if (info.name === "InternalError" && /out of memory/.test(info.message ?? "")) {
    return failed(`the component ran out of memory (limit ${options.memoryMb} MiB)`, undefined, true);
  }
  if (info.thrownNull) {
    // QuickJS throws null when it cannot even allocate its out-of-memory error; a refcounted
    // heap has freed everything by now, so the two cannot be told apart afterwards.
    return failed(`the component ran out of memory (limit ${options.memoryMb} MiB) or threw null`, undefined, true);
  }
  if (info.name === "RangeError" && /stack/i.test(info.message ?? "")) {
    return failed(`RangeError: ${info.message}`);
  }
  const message = truncate(info.name ? `${info.name}: ${info.message}` : String(info.message), 1024);
  /** @type {Record<string, unknown>} */
  const details = {};
  if (info.stack) details.stack = truncate(info.stack.trimEnd(), 2048);
  if (info.code !== undefined) details.code = info.code;
  if (info.status !== undefined) details.status = info.status;
  return failed(message, Object.keys(details).length > 0 ? details : undefined);
};

/**
 * Runs pending jobs until `promise` settles; waits for ctx answers while it is pending.
 * Returns the settled value's handle (owned by the caller).
 * @param {ReturnType<typeof prepareContext>} c @param {QuickJSHandle} promise
 */
const settle = async (c, promise) => {
  const run = /** @type {Run} */ (current);
  for (;;) {
    const jobs = runtime.executePendingJobs();
    if (jobs.error) {
      const end = endFromThrown(c, jobs.error);
      jobs.error.dispose();
      throw end;
    }
    if (run.fatal) throw run.fatal;
    const state = c.vm.getPromiseState(promise);
    if (state.type === "fulfilled") return state.notAPromise ? promise.dup() : state.value;
    if (state.type === "rejected") {
      const end = endFromThrown(c, state.error);
      state.error.dispose();
      throw end;
    }
    if (Date.now() > deadline) throw timedOut();
    if (runtime.hasPendingJob()) continue;
    if (run.pending.size === 0) {
      throw failed("the component awaits a promise that never settles (no ctx call is outstanding)");
    }
    await new Promise((resolve) => {
      run.wake = () => resolve(undefined);
      const left = Math.max(0, deadline - Date.now()) + 1;
      const timer = setTimeout(() => resolve(undefined), left);
      const wake = run.wake;
      run.wake = () => {
        clearTimeout(timer);
        wake();
      };
    });
    run.wake = undefined;
  }
};

/**
 * Evaluates the component's module in `c`: its namespace's handle (owned by the caller).
 * @param {ReturnType<typeof prepareContext>} c @param {string} source
 */
const evaluateModule = async (c, source) => {
  const r = c.vm.evalCode(source, "component.js", { type: "module" });
  if (r.error) {
    const end = endFromThrown(c, r.error);
    r.error.dispose();
    throw end;
  }
  try {
    return await settle(c, r.value);
  } finally {
    r.value.dispose();
  }
};

/** @param {ReturnType<typeof prepareContext>} c @param {QuickJSHandle} value @param {QuickJSHandle} [stringify] */
const toJson = (c, value, stringify = c.h.stringify) => {
  const r = c.vm.callFunction(stringify, c.vm.undefined, value);
  if (r.error) {
    const end = endFromThrown(c, r.error);
    r.error.dispose();
    if (end.recycle) throw end;
    throw failed(`the value is not JSON (${end.outcome.ok ? "" : end.outcome.error.message})`);
  }
  if (c.vm.typeof(r.value) !== "string") {
    r.value.dispose();
    return undefined;
  }
  // A UTF-16 unit is at least one UTF-8 byte: a string longer than the limit is refused
  // before it is copied out of the sandbox.
  const length = c.vm.getProp(r.value, "length");
  const units = c.vm.getNumber(length);
  length.dispose();
  if (units > options.maxResultBytes) {
    r.value.dispose();
    return TOO_LARGE;
  }
  const json = c.vm.getString(r.value);
  r.value.dispose();
  return Buffer.byteLength(json) > options.maxResultBytes ? TOO_LARGE : json;
};
/** What toJson answers for JSON over `maxResultBytes`; never valid JSON, so never confused with a value. */
const TOO_LARGE = "\u0000too large";

/** @param {ReturnType<typeof prepareContext>} c @param {string} json */
const fromJson = (c, json) => {
  const s = c.vm.newString(json);
  try {
    return c.vm.unwrapResult(c.vm.callFunction(c.h.parse, c.vm.undefined, s));
  } finally {
    s.dispose();
  }
};

/** @param {Extract<ToWorker, {type: "compile"}>} job @param {ReturnType<typeof prepareContext>} c */
const compile = async (job, c) => {
  try {
    const ns = await evaluateModule(c, job.source);
    try {
      /** @type {{path: string, message: string}[]} */
      const issues = [];
      const fn = c.vm.getProp(ns, "default");
      const isFn = c.vm.typeof(fn) === "function";
      fn.dispose();
      if (!isFn) issues.push({ path: "default", message: "the module must export a default function: export default async function run(params, ctx) {…}" });
      const declared = c.vm.getProp(ns, "parameters");
      let parameters;
      if (c.vm.typeof(declared) === "undefined") {
        issues.push({ path: "parameters", message: "the module must export its parameters: export const parameters = {…}" });
      } else {
        const json = toJson(c, declared, c.h.declaration);
        if (json === TOO_LARGE) issues.push({ path: "parameters", message: `must be at most ${options.maxResultBytes} bytes as JSON` });
        else {
          parameters = json === undefined ? undefined : JSON.parse(json);
          if (parameters === undefined) issues.push({ path: "parameters", message: "must be an object of parameter declarations" });
        }
      }
      declared.dispose();
      return { ok: true, issues, parameters };
    } finally {
      ns.dispose();
    }
  } catch (e) {
    if (!(e instanceof RunEnd)) throw e;
    if (e.recycle || e.outcome.ok || e.outcome.error.code !== "COMPONENT_FAILED") return { ok: false, end: e };
    // A syntax error or a throw at the top level: a compile error with its line and column.
    const stack = /** @type {any} */ (e.outcome.error.details)?.stack ?? "";
    const at = /component\.js:(\d+):(\d+)/.exec(stack);
    const issue = at
      ? { path: "source", message: `${e.outcome.error.message} (line ${at[1]}, column ${at[2]})`, line: Number(at[1]), column: Number(at[2]) }
      : { path: "source", message: e.outcome.error.message };
    return { ok: true, issues: [issue], parameters: undefined };
  }
};

/** @param {Extract<ToWorker, {type: "run"}>} job @param {ReturnType<typeof prepareContext>} c @returns {Promise<Outcome>} */
const runComponent = async (job, c) => {
  const run = /** @type {Run} */ (current);
  /** @type {QuickJSHandle[]} */
  const owned = [];
  try {
    const ns = await evaluateModule(c, job.source);
    owned.push(ns);
    const fn = c.vm.getProp(ns, "default");
    owned.push(fn);
    if (c.vm.typeof(fn) !== "function") throw failed("the module no longer exports a default function");
    const params = fromJson(c, job.input);
    owned.push(params);
    const ctx = c.vm.newObject();
    owned.push(ctx);
    for (const name of job.ctx) {
      const f = c.vm.newFunction(name, (...args) => ctxCall(c, run, name, args));
      c.vm.setProp(ctx, name, f);
      f.dispose();
    }
    const r = c.vm.callFunction(fn, c.vm.undefined, params, ctx);
    if (r.error) {
      const end = endFromThrown(c, r.error);
      r.error.dispose();
      throw end;
    }
    owned.push(r.value);
    const value = await settle(c, r.value);
    owned.push(value);
    const json = toJson(c, value) ?? "null";
    if (json === TOO_LARGE) throw failed(`the result is larger than ${options.maxResultBytes} bytes`);
    return { ok: true, value: json };
  } finally {
    for (const h of owned.reverse()) if (h.alive) h.dispose();
    for (const d of run.pending.values()) d.dispose();
    run.pending.clear();
  }
};

let nextCallId = 1;
/**
 * A ctx function as the component sees it: the arguments cross as JSON, the host answers
 * through the port, and the component gets a promise it settles with that answer.
 * @param {ReturnType<typeof prepareContext>} c @param {Run} run @param {string} name @param {QuickJSHandle[]} args
 */
const ctxCall = (c, run, name, args) => {
  if (run.fatal) return;
  if (run.calls >= options.maxCtxCalls) {
    run.fatal = failed(`a run may make at most ${options.maxCtxCalls} ctx calls`, undefined, true);
    abort = true;
    return;
  }
  run.calls++;
  const list = c.vm.newArray();
  args.forEach((a, i) => c.vm.setProp(list, i, a));
  /** @type {string | undefined} */
  let json;
  try {
    json = toJson(c, list);
  } catch (e) {
    if (e instanceof RunEnd && !e.recycle && !e.outcome.ok) return { error: c.vm.newError({ name: "TypeError", message: e.outcome.error.message }) };
    throw e;
  } finally {
    list.dispose();
  }
  if (json === undefined || json === TOO_LARGE) {
    return { error: c.vm.newError({ name: "RangeError", message: `ctx.${name} arguments are larger than ${options.maxResultBytes} bytes` }) };
  }
  const deferred = c.vm.newPromise();
  const callId = nextCallId++;
  run.pending.set(callId, deferred);
  post({ type: "call", id: run.id, callId, name, args: json });
  return deferred.handle;
};

/** @param {Extract<ToWorker, {type: "answer"}>} answer */
const onAnswer = (answer) => {
  const run = current;
  if (!run || run.id !== answer.id || !preparedInUse) return;
  const deferred = run.pending.get(answer.callId);
  if (!deferred) return;
  run.pending.delete(answer.callId);
  const c = preparedInUse;
  try {
    if (answer.ok) {
      const value = answer.value === undefined ? c.vm.undefined : fromJson(c, answer.value);
      deferred.resolve(value);
      value.dispose();
    } else {
      const error = c.vm.newError({ name: "Error", message: answer.error.message });
      if (answer.error.code !== undefined) c.vm.newString(answer.error.code).consume((code) => c.vm.setProp(error, "code", code));
      if (answer.error.status !== undefined) c.vm.newNumber(answer.error.status).consume((status) => c.vm.setProp(error, "status", status));
      deferred.reject(error);
      error.dispose();
    }
  } catch {
    run.fatal = failed("the sandbox could not deliver a ctx answer", undefined, true);
  } finally {
    deferred.dispose();
    run.wake?.();
  }
};

/** @type {ReturnType<typeof prepareContext> | undefined} */
let preparedInUse;
const takeContext = () => {
  const c = prepared ?? prepareContext();
  prepared = undefined;
  preparedInUse = c;
  return c;
};
/** @param {ReturnType<typeof prepareContext>} c */
const release = (c) => {
  preparedInUse = undefined;
  try {
    c.dispose();
    return true;
  } catch {
    // A context that cannot be freed means a broken engine: ask for a fresh thread.
    post({ type: "broken" });
    return false;
  }
};

/** @param {Extract<ToWorker, {type: "compile" | "run"}>} job @param {() => Promise<any>} work */
const guarded = async (job, work) => {
  const run = { id: job.id, logLines: 0, calls: 0, fatal: undefined, pending: new Map(), wake: undefined };
  current = run;
  abort = false;
  const started = performance.now();
  deadline = Date.now() + options.timeoutMs;
  const metrics = () => ({ elapsedMs: performance.now() - started, ctxCalls: run.calls });
  try {
    const result = await work();
    return { result, recycle: false, metrics: metrics() };
  } catch (e) {
    if (e instanceof RunEnd) return { result: { ok: false, end: e }, recycle: e.recycle, metrics: metrics() };
    // The engine itself failed (a WebAssembly trap, a leaked lifetime): this instance is done.
    return { result: { ok: false, end: failed("the sandbox's engine failed while running the component", undefined, true) }, recycle: true, metrics: metrics() };
  } finally {
    deadline = Number.POSITIVE_INFINITY;
    abort = false;
    current = undefined;
  }
};

port.on("message", async (/** @type {ToWorker} */ message) => {
  switch (message.type) {
    case "answer":
      onAnswer(message);
      return;
    case "stats": {
      const usage = runtime.computeMemoryUsage();
      const vm = runtime.context ?? prepared?.vm;
      const dumped = vm ? vm.dump(usage) : {};
      usage.dispose();
      post({ type: "stats", id: message.id, thread: threadId, objects: dumped.obj_count ?? -1, memoryUsed: dumped.memory_used_size ?? -1 });
      return;
    }
    case "compile": {
      const c = takeContext();
      const { result, recycle: ended } = await guarded(message, () => compile(message, c));
      // Jobs left queued would run in the next run's turn, in this run's realm: never reuse then.
      const recycle = ended || runtime.hasPendingJob();
      if (result.ok) post({ type: "compiled", id: message.id, issues: result.issues, parameters: result.parameters, recycle });
      else post({ type: "done", id: message.id, outcome: result.end.outcome, recycle });
      if (recycle || !release(c)) return; // the host ends this thread; a failed engine is not touched again
      break;
    }
    case "run": {
      const c = takeContext();
      const { result, recycle: ended, metrics } = await guarded(message, () => runComponent(message, c));
      const recycle = ended || runtime.hasPendingJob();
      post({ type: "done", id: message.id, outcome: result.ok ? result : result.end.outcome, recycle, metrics });
      if (recycle || !release(c)) return;
      break;
    }
  }
  // Freeing the used context and making the next one both happen after the answer is sent:
  // neither is on the run's path unless the next run arrives before they are done.
  if (!prepared) {
    try {
      prepared = prepareContext();
    } catch {
      post({ type: "broken" });
    }
  }
});
post({ type: "ready" });
