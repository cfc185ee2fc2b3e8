// @ts-check
/**
 * Values crossing a context's edge as JSON text: a component's result, its parameter
 * declarations and its ctx calls' arguments out, params and ctx answers in. Text over
 * `maxResultBytes` is refused before it is copied out of the sandbox.
 *
 * @typedef {import("./worker-context.mjs").Context} Context
 * @typedef {import("quickjs-emscripten-core").QuickJSHandle} QuickJSHandle
 * @typedef {import("./worker-outcomes.mjs").RunEnd} RunEnd
 */
import { failed } from "./worker-outcomes.mjs";

/** What toJson answers for JSON over `maxResultBytes`; never valid JSON, so never confused with a value. */
export const TOO_LARGE = "\u0000too large";

/**
 * `endFromThrown` describes what the component threw as the run's end.
 * @param {{ maxResultBytes: number }} options @param {(c: Context, thrown: QuickJSHandle) => RunEnd} endFromThrown
 */
export const createJson = (options, endFromThrown) => {
  /**
   * `value` as JSON text, undefined when JSON has no text for it, or TOO_LARGE.
   * @param {Context} c @param {QuickJSHandle} value @param {QuickJSHandle} [stringify] the component's own
   * JSON.stringify unless given
   */
  const toJson = (c, value, stringify) => {
    const r = c.vm.callFunction(stringify ?? c.h.json, c.vm.undefined, value);
    if (r.error) {
      const end = endFromThrown(c, r.error);
      r.error.dispose();
      if (end.recycle) throw end;
      throw failed(`the value is not JSON (${end.outcome.ok ? "" : end.outcome.error.message})`);
    }
    const type = c.vm.typeof(r.value);
    if (type !== "string") {
      r.value.dispose();
      // The json helper answers the length of text too long to copy out.
      return type === "number" && !stringify ? TOO_LARGE : undefined;
    }
    // A UTF-16 unit is at least one UTF-8 byte: a string longer than the limit is refused
    // before it is copied out of the sandbox.
    if (stringify) {
      const length = c.vm.getProp(r.value, "length");
      const units = c.vm.getNumber(length);
      length.dispose();
      if (units > options.maxResultBytes) {
        r.value.dispose();
        return TOO_LARGE;
      }
    }
    const json = c.vm.getString(r.value);
    r.value.dispose();
    return Buffer.byteLength(json) > options.maxResultBytes ? TOO_LARGE : json;
  };

  /** @param {Context} c @param {string} json */
  const fromJson = (c, json) => {
    const s = c.vm.newString(json);
    try {
      return c.vm.unwrapResult(c.vm.callFunction(c.h.parse, c.vm.undefined, s));
    } finally {
      s.dispose();
    }
  };

  return { toJson, fromJson };
};
