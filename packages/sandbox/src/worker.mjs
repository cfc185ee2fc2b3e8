// @ts-check
/**
 * One sandbox worker thread: it owns one QuickJS-NG WebAssembly instance with a fixed-size
 * memory and runs its jobs (compile, run or stats) in turns on it: a run that waits for a ctx
 * answer gives up the engine and is parked (worker-turns.mjs). Every run starts exactly clean:
 *
 * - with snapshots (worker-snapshot.mjs, the default): a component's module is evaluated once
 *   per thread and the engine's memory snapshotted; each run restores that snapshot first, so
 *   a timeout, an out-of-memory or work left queued costs nothing more than the next restore;
 * - without (when a check of the pinned build's internals fails, or `snapshots: false`): each
 *   run evaluates the module in a fresh context, and a run that did not end cleanly has its
 *   thread replaced (pool.ts).
 *
 * An engine that failed itself (a WebAssembly trap) is never reused in either mode.
 *
 * Beside it: the engine (worker-engine.mjs), a fresh context (worker-context.mjs), where a
 * component's module is kept between runs (worker-components.mjs), what runs inside a context
 * (worker-run.mjs), how a run ends when it does not return (worker-outcomes.mjs) and how its
 * messages go to the host (worker-outbox.mjs).
 * Plain JavaScript (not TypeScript) so that Node loads it as a worker with no loader, under
 * tsx, vitest and plain node alike. The messages are typed in protocol.ts.
 *
 * @typedef {import("./protocol.ts").ToWorker} ToWorker
 * @typedef {import("./protocol.ts").FromWorker} FromWorker
 * @typedef {import("./protocol.ts").WorkerOptions} WorkerOptions
 * @typedef {import("./worker-context.mjs").Context} Context
 * @typedef {import("./worker-run.mjs").Run} Run
 */
import { parentPort, receiveMessageOnPort, threadId, workerData } from "node:worker_threads";
import { createEngine } from "./worker-engine.mjs";
import { prepareContext } from "./worker-context.mjs";
import { RunEnd, failed } from "./worker-outcomes.mjs";
import { createRunner } from "./worker-run.mjs";
import { SnapshotsUnavailable, createSnapshots } from "./worker-snapshot.mjs";
import { createReseeder } from "./worker-random.mjs";
import { Lru } from "./worker-lru.mjs";
import { createTurns } from "./worker-turns.mjs";
import { createOutbox } from "./worker-outbox.mjs";
import { createComponents } from "./worker-components.mjs";
import { createTape, untaped } from "./worker-tape.mjs";

if (!parentPort) throw new Error("worker.mjs runs as a worker thread");
const port = parentPort;
/** @type {WorkerOptions} */
const options = workerData;
const engine = await createEngine(options);
const { runtime, limits } = engine;

const { post, flush } = createOutbox(port);

/** @type {ReturnType<typeof createSnapshots> | undefined} */
let snapshots;
if (options.snapshots) {
  try {
    snapshots = createSnapshots(engine, { mutableGlobals: options.mutableGlobals, stackBytes: options.stackBytes });
  } catch (e) {
    if (!(e instanceof SnapshotsUnavailable)) throw e;
    post({ type: "warning", message: `sandbox snapshots are off (${e.message}); each run makes a fresh context` });
  }
}
/** Without snapshots: seeds each fresh context's Math.random, when its state can be found. */
let reseed =
  /** @type {((vm: import("quickjs-emscripten-core").QuickJSContext, given?: bigint) => bigint) | undefined} */ (
    undefined
  );
if (!snapshots) {
  try {
    reseed = createReseeder(engine);
  } catch (e) {
    if (!(e instanceof SnapshotsUnavailable)) throw e;
  }
}

const turns = createTurns({ snapshots, limits, parkBytes: options.snapshotBytes });
/** The runs in progress on this thread, by id. @type {Map<number, Run>} */
const runs = new Map();
const current = turns.current;
/** Seeds a context's Math.random (a given seed when a run is replayed); undefined when its state cannot be found. */
const seeder = snapshots?.reseed ?? reseed;
const runner = createRunner({ engine, options, post, current, turns, runs, seeder });
/** A context for this worker's runtime, its console lines going to the current run. */
const newContext = () =>
  prepareContext(
    runtime,
    {
      accept: () => {
        const run = current();
        return run && run.logLines < options.maxLogLines ? (run.logLines++, true) : false;
      },
      emit: (level, line) => {
        const run = current();
        if (run) post({ type: "log", id: run.id, level, line });
      },
      maxLogBytes: options.maxLogBytes,
    },
    options.maxResultBytes,
    {
      now: (origin) => (current()?.tape ?? untaped).now(origin),
      uuid: () => (current()?.tape ?? untaped).uuid(),
    },
  );

/** Component sources by key: the host sends one once per thread, and again when asked. */
const sources = /** @type {Lru<string>} */ (new Lru(Math.max(options.snapshotBytes, 2 * 1024 * 1024)));
const { cache, compile, runComponent, release, prepareNext } = createComponents({
  snapshots,
  runner,
  newContext,
  reseed,
  post,
  cacheBytes: options.snapshotBytes,
});

/**
 * Runs `work` as a run: in turns with the thread's other runs (worker-turns.mjs), within its
 * deadline, its outcome and whether the thread must be replaced.
 * @template T @param {{ id: number, replay?: import("./protocol.ts").Tape }} job @param {() => Promise<T>} work
 */
const guarded = async (job, work) => {
  const started = performance.now();
  /** @type {Run} */
  const run = {
    id: job.id,
    logLines: 0,
    calls: 0,
    fatal: undefined,
    broken: false,
    c: undefined,
    pending: new Map(),
    answers: [],
    wake: undefined,
    deadline: Date.now() + options.timeoutMs,
    started: false,
    done: false,
    parked: undefined,
    tape: createTape(job.replay),
  };
  runs.set(run.id, run);
  await turns.enter(run);
  const metrics = () => ({ elapsedMs: performance.now() - started, ctxCalls: run.calls });
  try {
    const result = await work();
    // Without snapshots, jobs left queued would run in the next run's turn, in this run's realm.
    return {
      result,
      end: undefined,
      recycle: run.broken || (!snapshots && runtime.hasPendingJob()),
      metrics: metrics(),
      tape: run.tape.recorded(),
    };
  } catch (e) {
    // The engine itself failed (a WebAssembly trap, a leaked lifetime): this instance is done.
    const end =
      e instanceof RunEnd ? e : failed("the sandbox's engine failed while running the component", undefined, true);
    const recycle = !(e instanceof RunEnd) || run.broken || (!snapshots && (end.recycle || runtime.hasPendingJob()));
    return { result: undefined, end, recycle, metrics: metrics(), tape: run.tape.recorded() };
  } finally {
    runs.delete(run.id);
    turns.finish(run);
  }
};

/** @param {ToWorker} message */
const onMessage = async (message) => {
  switch (message.type) {
    case "batch":
      for (const m of message.messages) void onMessage(m);
      return;
    case "answer":
      runner.onAnswer(message);
      return;
    case "stats": {
      const dumped = await turns.exclusive(() => {
        const usage = runtime.computeMemoryUsage();
        const d = runtime.context ? runtime.context.dump(usage) : {};
        if (usage.alive) usage.dispose();
        return d;
      });
      post({
        type: "stats",
        id: message.id,
        thread: threadId,
        objects: dumped.obj_count ?? -1,
        memoryUsed: dumped.memory_used_size ?? -1,
        snapshots: snapshots !== undefined,
        cached: cache.size,
      });
      return;
    }
    case "compile": {
      sources.set(message.key, message.source, message.source.length * 2);
      const { result, end, recycle } = await guarded(message, () => compile(message));
      if (result?.ok)
        post({ type: "compiled", id: message.id, issues: result.issues, parameters: result.parameters, recycle });
      else
        post({
          type: "done",
          id: message.id,
          outcome: (result?.ok === false ? result.end : /** @type {RunEnd} */ (end)).outcome,
          recycle,
        });
      // The host ends a thread it is told to recycle; a failed engine is not touched again.
      if (recycle || (!snapshots && !release())) return;
      break;
    }
    case "run": {
      if (message.source !== undefined) sources.set(message.key, message.source, message.source.length * 2);
      const source = message.source ?? sources.get(message.key);
      if (source === undefined && !cache.get(message.key)) {
        post({ type: "missing", id: message.id });
        return;
      }
      const { result, end, recycle, metrics, tape } = await guarded(message, () => runComponent(message, source ?? ""));
      const outcome = result ?? /** @type {RunEnd} */ (end).outcome;
      post({ type: "done", id: message.id, outcome, recycle, metrics, ...(message.record ? { tape } : {}) });
      if (recycle || (!snapshots && !release())) return;
      break;
    }
  }
  // Without snapshots, the next context is made after the answer is sent: off the run's path
  // unless the next run arrives before it is done.
  prepareNext();
  if (message.type === "run" || message.type === "compile") awaitNext();
};

/** Runs ahead for which the thread does not look (see awaitNext), and how many looks in a row found nothing. */
let skipLooks = 0;
let misses = 0;

/**
 * After a run, the thread looks for the next job for a moment before it sleeps: waking a
 * sleeping thread costs tens of microseconds on a virtual machine, more than a warm run. Not
 * while other runs are in progress here: their answers wake it anyway, and looking would
 * only contend with the host for the port. A look that finds nothing (a host busy with the
 * database between runs, as a job worker is) was CPU taken from that host: after one, the
 * thread skips the next 1, 3, 7 … 63 looks, until a look finds a job again.
 */
const awaitNext = () => {
  if (runs.size > 0) return;
  // The host may be waiting for what this turn sent before it sends the next job.
  flush();
  if (skipLooks > 0) return void skipLooks--;
  const until = performance.now() + options.spinMs;
  while (performance.now() < until) {
    const next = receiveMessageOnPort(port);
    if (next) {
      misses = 0;
      return void onMessage(next.message);
    }
  }
  misses = Math.min(misses + 1, 6);
  skipLooks = 2 ** misses - 1;
};
port.on("message", onMessage);
// Without snapshots a run cannot be parked: the thread takes one at a time.
post({ type: "ready", capacity: snapshots ? options.runsPerThread : 1 });
