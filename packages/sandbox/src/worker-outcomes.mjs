// @ts-check
/**
 * How a run ends when it does not return a value: a RunEnd carries the outcome the host gets
 * and whether the worker's engine must be replaced.
 *
 * @typedef {import("./protocol.ts").WorkerOutcome} Outcome
 * @typedef {import("quickjs-emscripten-core").QuickJSHandle} QuickJSHandle
 * @typedef {import("./worker-context.mjs").Context} Context
 */
import { callText, isNull, truncate } from "./worker-context.mjs";

/** The failure a run ends with; `recycle` asks the host for a fresh worker. */
export class RunEnd extends Error {
  /** @param {Outcome} outcome @param {boolean} recycle */
  constructor(outcome, recycle) {
    super(outcome.ok ? "ok" : outcome.error.message);
    this.outcome = outcome;
    this.recycle = recycle;
  }
}
/** @param {string} message @param {unknown} [details] @param {boolean} [recycle] */
export const failed = (message, details, recycle = false) =>
  new RunEnd(
    {
      ok: false,
      error:
        details === undefined
          ? { code: "COMPONENT_FAILED", message }
          : { code: "COMPONENT_FAILED", message, details: /** @type {any} */ (details) },
    },
    recycle,
  );
/** @param {number} timeoutMs */
export const timedOut = (timeoutMs) =>
  new RunEnd(
    { ok: false, error: { code: "COMPONENT_TIMEOUT", message: `the component ran longer than ${timeoutMs} ms` } },
    true,
  );

/**
 * What a thrown value says, as a RunEnd: out of memory and engine faults recycle the worker;
 * an interrupt is a timeout (or the run's own fatal end, when it has one).
 * @param {Context} c @param {QuickJSHandle} thrown
 * @param {{ memoryMb: number, timeoutMs: number }} limits @param {RunEnd | undefined} fatal
 */
export const endFromThrown = (c, thrown, limits, fatal) => {
  /** @type {{name?: string, message?: string, stack?: string, code?: string, status?: number, thrownNull?: boolean}} */
  let info = { message: "an error that cannot be described" };
  const text = callText(c.vm, c.h.describe, thrown);
  if (text !== undefined) info = JSON.parse(text);
  // Out of memory while making its error object, QuickJS throws null.
  if (isNull(c, thrown)) info = { message: "null", thrownNull: true };
  if (fatal) return fatal;
  if (info.name === "InternalError" && info.message === "interrupted") return timedOut(limits.timeoutMs);
  if (info.name === "InternalError" && /out of memory/.test(info.message ?? "")) {
    return failed(`the component ran out of memory (limit ${limits.memoryMb} MiB)`, undefined, true);
  }
  if (info.thrownNull) {
    // QuickJS throws null when it cannot even allocate its out-of-memory error; a refcounted
    // heap has freed everything by now, so the two cannot be told apart afterwards.
    return failed(`the component ran out of memory (limit ${limits.memoryMb} MiB) or threw null`, undefined, true);
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
