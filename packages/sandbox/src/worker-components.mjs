// @ts-check
/**
 * Where a component's module is kept in a worker's engine (worker.mjs) between its runs:
 *
 * - with snapshots: an entry per component (its context, namespace, default function and the
 *   snapshot taken after its module was evaluated), cached by key up to `cacheBytes` and
 *   restored before each of its runs;
 * - without: the module is evaluated again in a fresh context for each run, the next context
 *   made ahead after a run and the used one freed.
 *
 * @typedef {import("./protocol.ts").ToWorker} ToWorker
 * @typedef {import("./protocol.ts").FromWorker} FromWorker
 * @typedef {import("./worker-context.mjs").Context} Context
 * @typedef {import("./worker-snapshot.mjs").Image} Image
 * @typedef {ReturnType<import("./worker-snapshot.mjs").createSnapshots>} Snapshots
 * @typedef {ReturnType<import("./worker-run.mjs").createRunner>} Runner
 * @typedef {import("quickjs-emscripten-core").QuickJSHandle} QuickJSHandle
 * @typedef {import("quickjs-emscripten-core").QuickJSContext} QuickJSContext
 * @typedef {{ c: Context, ns: QuickJSHandle, fn: QuickJSHandle, image: Image }} Entry
 */
import { Lru } from "./worker-lru.mjs";

/**
 * `newContext` makes a context whose console lines go to the current run; `reseed` seeds a
 * fresh context's Math.random (without snapshots, when its state can be found).
 * @param {{ snapshots: Snapshots | undefined, runner: Runner, newContext: () => Context,
 *   reseed: ((vm: QuickJSContext) => void) | undefined, post: (m: FromWorker) => void, cacheBytes: number }} deps
 */
export const createComponents = ({ snapshots, runner, newContext, reseed, post, cacheBytes }) => {
  /** @type {Lru<Entry>} */
  const cache = new Lru(cacheBytes);

  /**
   * The component's snapshot, taken now from a fresh context on the base snapshot when it is
   * not cached (its top-level code runs then, within the current run's limits).
   * @param {string} key @param {string} source
   */
  const entryFor = async (key, source) => {
    const cached = cache.get(key);
    if (cached) {
      /** @type {Snapshots} */ (snapshots).restore(cached.image);
      return cached;
    }
    const s = /** @type {Snapshots} */ (snapshots);
    s.restore(s.base);
    const c = newContext();
    const ns = await runner.evaluateModule(c, source);
    const fn = c.vm.getProp(ns, "default");
    // Made lazily by the library: made now, so that they are part of the snapshot.
    for (const lazy of [c.vm.undefined, c.vm.null, c.vm.true, c.vm.false, c.vm.global]) void lazy;
    const entry = { c, ns, fn, image: s.take(c.vm) };
    cache.set(key, entry, entry.image.bytes);
    return entry;
  };

  /** Without snapshots: the next run's fresh context, made ahead, and the one in use. */
  /** @type {Context | undefined} */
  let prepared;
  /** @type {Context | undefined} */
  let inUse;
  const takeContext = () => {
    inUse = prepared ?? newContext();
    prepared = undefined;
    reseed?.(inUse.vm);
    return inUse;
  };
  /** Frees the used context after a run that ended cleanly; one that cannot be freed is a broken engine. */
  const release = () => {
    const c = inUse;
    inUse = undefined;
    try {
      c?.dispose();
      return true;
    } catch {
      post({ type: "broken" });
      return false;
    }
  };

  /** @param {Extract<ToWorker, {type: "compile"}>} job */
  const compile = async (job) => {
    if (snapshots) {
      try {
        const entry = await entryFor(job.key, job.source);
        const answer = runner.inspect(entry.c, entry.ns);
        if (answer.issues.length > 0) cache.delete(job.key);
        return answer;
      } catch (e) {
        return runner.compileFailure(e);
      }
    }
    const c = takeContext();
    try {
      const ns = await runner.evaluateModule(c, job.source);
      try {
        return runner.inspect(c, ns);
      } finally {
        ns.dispose();
      }
    } catch (e) {
      return runner.compileFailure(e);
    }
  };

  /** @param {Extract<ToWorker, {type: "run"}>} job @param {string} source */
  const runComponent = async (job, source) => {
    if (snapshots) {
      const entry = await entryFor(job.key, source);
      return runner.call(entry.c, entry.fn, job);
    }
    const c = takeContext();
    const ns = await runner.evaluateModule(c, source);
    const fn = c.vm.getProp(ns, "default");
    try {
      return await runner.call(c, fn, job);
    } finally {
      fn.dispose();
      ns.dispose();
    }
  };

  /** Without snapshots: makes the next run's context ahead; one that cannot be made is a broken engine. */
  const prepareNext = () => {
    if (!snapshots && !prepared) {
      try {
        prepared = newContext();
      } catch {
        post({ type: "broken" });
      }
    }
  };

  return { cache, compile, runComponent, release, prepareNext };
};
