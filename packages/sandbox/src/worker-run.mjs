// @ts-check
/**
 * What a worker does inside a context: evaluates a component's module, checks what it
 * exports, calls its default function with its params and ctx, and settles the promises in
 * between (ctx calls answered by the host through the port). Values cross as JSON
 * (worker-json.mjs).
 *
 * @typedef {import("./protocol.ts").ToWorker} ToWorker
 * @typedef {import("./protocol.ts").FromWorker} FromWorker
 * @typedef {import("./protocol.ts").WorkerOptions} WorkerOptions
 * @typedef {import("./protocol.ts").WorkerOutcome} Outcome
 * @typedef {import("./worker-context.mjs").Context} Context
 * @typedef {import("quickjs-emscripten-core").QuickJSHandle} QuickJSHandle
 * @typedef {import("quickjs-emscripten-core").QuickJSDeferredPromise} QuickJSDeferredPromise
 * @typedef {import("./worker-engine.mjs").Engine} Engine
 * @typedef {Extract<ToWorker, {type: "answer"}>} Answer
 * @typedef {{ id: number, logLines: number, calls: number, fatal: RunEnd | undefined, broken: boolean, c: Context |
 * undefined,
 *   pending: Map<number, QuickJSDeferredPromise>, answers: Answer[], wake: (() => void) | undefined,
 *   deadline: number, started: boolean, done: boolean, parked: import("./worker-snapshot.mjs").Image | undefined,
 *   tape: ReturnType<import("./worker-tape.mjs").createTape> }} Run
 * @typedef {{ enter(run: Run): Promise<void>, leave(run: Run): void }} Turns
 */
import { TOO_LARGE, createJson } from "./worker-json.mjs";
import { RunEnd, endFromThrown as describeEnd, failed, timedOut as timeoutEnd } from "./worker-outcomes.mjs";

/**
 * `turns` gives a run the engine back after it waited (worker-turns.mjs); `runs` are the runs
 * in progress by id, for their answers.
 * `seeder` seeds Math.random as the run's function starts (given a replay's seed), when this engine's state is known.
 * @param {{ engine: Engine, options: WorkerOptions, post: (m: FromWorker) => void, current: () => Run | undefined,
 *   turns: Turns, runs: Map<number, Run>,
 *   seeder: ((vm: import("quickjs-emscripten-core").QuickJSContext, given?: bigint) => bigint) | undefined }} deps
 */
export const createRunner = ({ engine, options, post, current, turns, runs, seeder }) => {
  const { runtime, limits } = engine;
  /** @param {Context} c @param {QuickJSHandle} thrown */
  const endFromThrown = (c, thrown) => describeEnd(c, thrown, options, current()?.fatal);
  /**
   * A result's value, or the RunEnd its error describes.
   * @param {Context} c @param {{ error: QuickJSHandle } | { error?: undefined, value: QuickJSHandle }} r
   */
  const unwrap = (c, r) => {
    if (!r.error) return r.value;
    const end = endFromThrown(c, r.error);
    r.error.dispose();
    throw end;
  };
  /** @param {Context} c @param {{ error?: QuickJSHandle }} r */
  const throwIfError = (c, r) => {
    if (r.error) unwrap(c, { error: r.error });
  };
  const { toJson, fromJson } = createJson(options, endFromThrown);

  /**
   * Runs pending jobs until `promise` settles; waits for ctx answers while it is pending.
   * Returns the settled value's handle (owned by the caller).
   * @param {Context} c @param {QuickJSHandle} promise
   */
  const settle = async (c, promise) => {
    const run = /** @type {Run} */ (current());
    for (;;) {
      deliver(c, run);
      // Asked first: running no jobs still costs an allocation in the engine.
      if (runtime.hasPendingJob()) throwIfError(c, runtime.executePendingJobs());
      if (run.fatal) throw run.fatal;
      const state = c.vm.getPromiseState(promise);
      if (state.type === "fulfilled") return state.notAPromise ? promise.dup() : state.value;
      if (state.type === "rejected") throwIfError(c, state);
      if (Date.now() > run.deadline) throw timeoutEnd(options.timeoutMs);
      if (runtime.hasPendingJob()) continue;
      if (run.pending.size === 0) {
        throw failed("the component awaits a promise that never settles (no ctx call is outstanding)");
      }
      if (run.answers.length > 0) continue;
      // Waiting for the host: another run may have the engine meanwhile.
      turns.leave(run);
      await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), Math.max(0, run.deadline - Date.now()) + 1);
        run.wake = () => {
          clearTimeout(timer);
          resolve(undefined);
        };
      });
      run.wake = undefined;
      await turns.enter(run);
    }
  };

  /**
   * Evaluates the component's module in `c`: its namespace's handle (owned by the caller).
   * @param {Context} c @param {string} source
   */
  const evaluateModule = async (c, source) => {
    const promise = unwrap(c, c.vm.evalCode(source, "component.js", { type: "module" }));
    try {
      return await settle(c, promise);
    } finally {
      promise.dispose();
    }
  };

  /**
   * What compile answers about an evaluated module: a problem per missing or malformed export.
   * @param {Context} c @param {QuickJSHandle} ns
   */
  const inspect = (c, ns) => {
    /** @type {{path: string, message: string}[]} */
    const issues = [];
    const fn = c.vm.getProp(ns, "default");
    const isFn = c.vm.typeof(fn) === "function";
    fn.dispose();
    if (!isFn)
      issues.push({
        path: "default",
        message: "the module must export a default function: export default async function run(params, ctx) {…}",
      });
    const declared = c.vm.getProp(ns, "parameters");
    let parameters;
    if (c.vm.typeof(declared) === "undefined") {
      issues.push({
        path: "parameters",
        message: "the module must export its parameters: export const parameters = {…}",
      });
    } else {
      const json = toJson(c, declared, c.h.declaration);
      if (json === TOO_LARGE)
        issues.push({ path: "parameters", message: `must be at most ${options.maxResultBytes} bytes as JSON` });
      else {
        parameters = json === undefined ? undefined : JSON.parse(json);
        if (parameters === undefined)
          issues.push({ path: "parameters", message: "must be an object of parameter declarations" });
      }
    }
    declared.dispose();
    return { ok: /** @type {const} */ (true), issues, parameters };
  };

  /**
   * A module that failed to evaluate, as compile answers it: a syntax error or a throw at the
   * top level is a problem with its line and column; anything else ends the compile.
   * @param {unknown} e
   */
  const compileFailure = (e) => {
    if (!(e instanceof RunEnd)) throw e;
    if (e.recycle || e.outcome.ok || e.outcome.error.code !== "COMPONENT_FAILED")
      return { ok: /** @type {const} */ (false), end: e };
    const stack = /** @type {any} */ (e.outcome.error.details)?.stack ?? "";
    const at = /component\.js:(\d+):(\d+)/.exec(stack);
    const issue = at
      ? {
          path: "source",
          message: `${e.outcome.error.message} (line ${at[1]}, column ${at[2]})`,
          line: Number(at[1]),
          column: Number(at[2]),
        }
      : { path: "source", message: e.outcome.error.message };
    return { ok: /** @type {const} */ (true), issues: [issue], parameters: undefined };
  };

  /**
   * Calls the module's default function with the run's params and ctx: its JSON.
   * @param {Context} c @param {QuickJSHandle} fn @param {{ input: string, ctx: readonly string[] }} job @returns
   * {Promise<Outcome>}
   */
  const call = async (c, fn, job) => {
    const run = /** @type {Run} */ (current());
    run.c = c;
    /** @type {QuickJSHandle[]} */
    const owned = [];
    try {
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
      // Seeded here, after the module's own top-level code ran, so that a replay draws what the run drew.
      run.tape.start(seeder?.(c.vm, run.tape.replaySeed));
      const promise = unwrap(c, c.vm.callFunction(fn, c.vm.undefined, params, ctx));
      owned.push(promise);
      const value = await settle(c, promise);
      owned.push(value);
      const json = toJson(c, value) ?? "null";
      if (json === TOO_LARGE) throw failed(`the result is larger than ${options.maxResultBytes} bytes`);
      return { ok: true, value: json };
    } finally {
      run.tape.stop();
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
      if (e instanceof RunEnd && !e.recycle && !e.outcome.ok)
        return { error: c.vm.newError({ name: "TypeError", message: e.outcome.error.message }) };
      throw e;
    } finally {
      list.dispose();
    }
    if (json === undefined || json === TOO_LARGE) {
      return {
        error: c.vm.newError({
          name: "RangeError",
          message: `ctx.${name} arguments are larger than ${options.maxResultBytes} bytes`,
        }),
      };
    }
    const deferred = c.vm.newPromise();
    const callId = nextCallId++;
    run.pending.set(callId, deferred);
    post({ type: "call", id: run.id, callId, name, args: json });
    return deferred.handle;
  };

  /**
   * A host answer is kept until its run holds the engine: the engine may hold another run's
   * memory now.
   * @param {Answer} answer
   */
  const onAnswer = (answer) => {
    const run = runs.get(answer.id);
    if (!run || !run.pending.has(answer.callId)) return;
    run.answers.push(answer);
    run.wake?.();
  };

  /**
   * Settles the run's promises with the answers that came while it waited.
   * @param {Context} c @param {Run} run
   */
  const deliver = (c, run) => {
    for (const answer of run.answers.splice(0)) {
      const deferred = run.pending.get(answer.callId);
      if (!deferred) continue;
      run.pending.delete(answer.callId);
      try {
        if (answer.ok) {
          const value = answer.value === undefined ? c.vm.undefined : fromJson(c, answer.value);
          deferred.resolve(value);
          value.dispose();
        } else {
          const error = c.vm.newError({ name: "Error", message: answer.error.message });
          if (answer.error.code !== undefined)
            c.vm.newString(answer.error.code).consume((code) => c.vm.setProp(error, "code", code));
          if (answer.error.status !== undefined)
            c.vm.newNumber(answer.error.status).consume((status) => c.vm.setProp(error, "status", status));
          deferred.reject(error);
          error.dispose();
        }
      } catch {
        // The engine failed under us: never run on it again, snapshot or not.
        run.broken = true;
        run.fatal = failed("the sandbox could not deliver a ctx answer", undefined, true);
      } finally {
        deferred.dispose();
      }
    }
  };

  return { evaluateModule, inspect, compileFailure, call, onAnswer };
};
