// @ts-check
/**
 * A fresh QuickJS context for one run: the sandbox's few globals (console,
 * crypto.randomUUID) and the helpers the worker uses inside it, taken before any component
 * code runs. Text that leaves a context (log lines, error descriptions) is cut inside first.
 *
 * @typedef {import("quickjs-emscripten-core").QuickJSContext} QuickJSContext
 * @typedef {import("quickjs-emscripten-core").QuickJSHandle} QuickJSHandle
 * @typedef {import("quickjs-emscripten-core").QuickJSRuntime} QuickJSRuntime
 * @typedef {ReturnType<typeof prepareContext>} Context
 */
import { randomUUID } from "node:crypto";

/** @param {number} maxUnits the longest JSON text `json` hands out (longer: its length) */
const contextHelpers = (maxUnits) => `(() => {
  const stringify = JSON.stringify, parse = JSON.parse, S = String;
  // Text leaving the sandbox for a log line or an error is cut here, before it is copied out.
  const cut = (s, n) => (s.length > n ? s.slice(0, n) + "..." : s);
  const text = (x) => { try { return cut(typeof x === "string" ? x : S(x), 4096); } catch { return "?"; } };
  const describe = (e) => {
    try {
      if (e === null || (typeof e !== "object" && typeof e !== "function"))
        return stringify({ message: "the component threw " + (typeof e === "string" ? stringify(e) : text(e)) });
      const isError = e instanceof Error;
      let shown; try { shown = isError ? undefined : stringify(e); } catch { shown = undefined; }
      const out = isError
        ? {
            name: text(e.name),
            message: text(e.message),
            stack: typeof e.stack === "string" ? cut(e.stack, 4096) : undefined,
          }
        : { message: "the component threw " + (shown === undefined ? text(e) : cut(shown, 512)) };
      if (typeof e.code === "string") out.code = e.code;
      if (typeof e.status === "number") out.status = e.status;
      return stringify(out);
    } catch { return '{"message":"an error that cannot be described"}'; }
  };
  const logText = (a) => {
    if (typeof a === "string") return cut(a, 2048);
    try { const s = stringify(a); return s === undefined ? text(a) : cut(s, 2048); } catch { return text(a); }
  };
  const show = (args) => cut(args.map(logText).join(" "), 2048);
  // A declaration as JSON, with what JSON would drop made visible to the host's checks.
  const declaration = (x) =>
    stringify(x, (k, v) => (typeof v === "function" ? "(a function)" : v === undefined ? "(undefined)" : v));
  // A value as JSON in one call; text too long to copy out is answered by its length.
  const json = (x) => {
    const s = stringify(x);
    return typeof s === "string" && s.length > ${maxUnits} ? s.length : s;
  };
  return { stringify, parse, describe, show, declaration, json, isNull: (x) => x === null };
})()`;

/**
 * A context with the sandbox's few globals (console, crypto.randomUUID) and, kept on the host
 * side, handles to the helpers as they were before any component code ran (a component that
 * replaces JSON.parse changes nothing of ours). `console.accept()` says whether the run may
 * log another line; `console.emit` takes it, cut to `maxLogBytes`.
 * @param {QuickJSRuntime} runtime
 * @param {{ accept: () => boolean, emit: (level: string, line: string) => void, maxLogBytes: number }} console
 * @param {number} maxResultBytes
 */
export const prepareContext = (runtime, console, maxResultBytes) => {
  const vm = runtime.newContext();
  const helpers = vm.unwrapResult(vm.evalCode(contextHelpers(maxResultBytes), "sandbox.js"));
  const h = {
    stringify: vm.getProp(helpers, "stringify"),
    parse: vm.getProp(helpers, "parse"),
    describe: vm.getProp(helpers, "describe"),
    show: vm.getProp(helpers, "show"),
    declaration: vm.getProp(helpers, "declaration"),
    json: vm.getProp(helpers, "json"),
    isNull: vm.getProp(helpers, "isNull"),
  };
  helpers.dispose();

  const consoleObject = vm.newObject();
  for (const level of ["log", "info", "warn", "error", "debug"]) {
    const fn = vm.newFunction(level, (...args) => {
      if (!console.accept()) return;
      const list = vm.newArray();
      args.forEach((a, i) => vm.setProp(list, i, a));
      const line = callText(vm, h.show, list);
      list.dispose();
      if (line !== undefined) console.emit(level, truncate(line, console.maxLogBytes));
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
  return {
    vm,
    h,
    dispose: () => {
      for (const x of Object.values(h)) x.dispose();
      vm.dispose();
    },
  };
};

/** @param {QuickJSContext} vm @param {QuickJSHandle} fn @param {QuickJSHandle} arg */
export const callText = (vm, fn, arg) => {
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
 * @param {Context} c @param {QuickJSHandle} x
 */
export const isNull = (c, x) => {
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
export const truncate = (s, maxBytes) => {
  if (Buffer.byteLength(s) <= maxBytes) return s;
  let cut = Buffer.from(s)
    .subarray(0, maxBytes - 3)
    .toString();
  if (cut.endsWith("\uFFFD")) cut = cut.slice(0, -1);
  return `${cut}...`;
};
