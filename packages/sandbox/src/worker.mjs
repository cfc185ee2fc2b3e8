// @ts-check
/**
 * One sandbox worker thread: it owns one QuickJS-NG WebAssembly instance with a fixed-size
 * memory and runs one job at a time (compile, run or stats) in a fresh context. The host side
 * (pool.ts) terminates this thread and starts a new one after any run that did not end
 * cleanly (a timeout, out of memory, an engine fault): an interrupted or exhausted instance
 * is never reused, and terminating the thread gives its memory back at once.
 *
 * Beside it: the engine (worker-engine.mjs), a run's fresh context (worker-context.mjs) and
 * how a run ends when it does not return (worker-outcomes.mjs).
 *
 * Plain JavaScript (not TypeScript) so that Node loads it as a worker with no loader, under
 * tsx, vitest and plain node alike. The messages are typed in protocol.ts.
 *
 * @typedef {import("./protocol.ts").ToWorker} ToWorker
 * @typedef {import("./protocol.ts").FromWorker} FromWorker
 * @typedef {import("./protocol.ts").WorkerOptions} WorkerOptions
 * @typedef {import("./protocol.ts").WorkerOutcome} Outcome
 * @typedef {import("./worker-context.mjs").Context} Context
 * @typedef {import("quickjs-emscripten-core").QuickJSHandle} QuickJSHandle
 * @typedef {import("quickjs-emscripten-core").QuickJSDeferredPromise} QuickJSDeferredPromise
 */
import { parentPort, threadId, workerData } from "node:worker_threads";
import { createEngine } from "./worker-engine.mjs";
import { prepareContext } from "./worker-context.mjs";
import { RunEnd, endFromThrown as describeEnd, failed, timedOut as timeoutEnd } from "./worker-outcomes.mjs";

if (!parentPort) throw new Error("worker.mjs runs as a worker thread");
const port = parentPort;
/** @type {WorkerOptions} */
const options = workerData;
const { runtime, limits } = await createEngine(options);

/** @param {FromWorker} message */
const post = (message) => port.postMessage(message);


/**
 * @typedef {{ id: number, logLines: number, calls: number, fatal: RunEnd | undefined,
 *   pending: Map<number, QuickJSDeferredPromise>, wake: (() => void) | undefined }} Run
 */
/** @type {Run | undefined} */
let current;
/** A context for this worker's runtime, its console lines going to the current run. */
const newContext = () =>
  prepareContext(runtime, {
    accept: () => (current && current.logLines < options.maxLogLines ? (current.logLines++, true) : false),
    emit: (level, line) => current && post({ type: "log", id: current.id, level, line }),
    maxLogBytes: options.maxLogBytes,
  });
/** @param {Context} c @param {QuickJSHandle} thrown */
const endFromThrown = (c, thrown) => describeEnd(c, thrown, options, current?.fatal);
const timedOut = () => timeoutEnd(options.timeoutMs);
/** @type {Context | undefined} */
let prepared = newContext();


/**
 * Runs pending jobs until `promise` settles; waits for ctx answers while it is pending.
 * Returns the settled value's handle (owned by the caller).
 * @param {Context} c @param {QuickJSHandle} promise
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
    if (Date.now() > limits.deadline) throw timedOut();
    if (runtime.hasPendingJob()) continue;
    if (run.pending.size === 0) {
      throw failed("the component awaits a promise that never settles (no ctx call is outstanding)");
    }
    await new Promise((resolve) => {
      run.wake = () => resolve(undefined);
      const left = Math.max(0, limits.deadline - Date.now()) + 1;
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
 * @param {Context} c @param {string} source
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

/** @param {Context} c @param {QuickJSHandle} value @param {QuickJSHandle} [stringify] */
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

/** @param {Context} c @param {string} json */
const fromJson = (c, json) => {
  const s = c.vm.newString(json);
  try {
    return c.vm.unwrapResult(c.vm.callFunction(c.h.parse, c.vm.undefined, s));
  } finally {
    s.dispose();
  }
};

/** @param {Extract<ToWorker, {type: "compile"}>} job @param {Context} c */
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

/** @param {Extract<ToWorker, {type: "run"}>} job @param {Context} c @returns {Promise<Outcome>} */
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
 * @param {Context} c @param {Run} run @param {string} name @param {QuickJSHandle[]} args
 */
const ctxCall = (c, run, name, args) => {
  if (run.fatal) return;
  if (run.calls >= options.maxCtxCalls) {
    run.fatal = failed(`a run may make at most ${options.maxCtxCalls} ctx calls`, undefined, true);
    limits.abort = true;
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

/** @type {Context | undefined} */
let preparedInUse;
const takeContext = () => {
  const c = prepared ?? newContext();
  prepared = undefined;
  preparedInUse = c;
  return c;
};
/** @param {Context} c */
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
  limits.abort = false;
  const started = performance.now();
  limits.deadline = Date.now() + options.timeoutMs;
  const metrics = () => ({ elapsedMs: performance.now() - started, ctxCalls: run.calls });
  try {
    const result = await work();
    return { result, recycle: false, metrics: metrics() };
  } catch (e) {
    if (e instanceof RunEnd) return { result: { ok: false, end: e }, recycle: e.recycle, metrics: metrics() };
    // The engine itself failed (a WebAssembly trap, a leaked lifetime): this instance is done.
    return { result: { ok: false, end: failed("the sandbox's engine failed while running the component", undefined, true) }, recycle: true, metrics: metrics() };
  } finally {
    limits.deadline = Number.POSITIVE_INFINITY;
    limits.abort = false;
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
      prepared = newContext();
    } catch {
      post({ type: "broken" });
    }
  }
});
post({ type: "ready" });
