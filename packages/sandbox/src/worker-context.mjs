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

/**
 * Date and performance.now read the clock through `now(origin?)` (milliseconds since the epoch, or since `origin`,
 * with a fraction), a host function, so
 * that a run's readings can be recorded and a replay can answer them again (worker-tape.mjs). Taken with the
 * built-ins as they were, before any component code: Date keeps its prototype, statics and `instanceof`.
 */
const clockShim = `((now) => {
  const D = Date, P = performance, origin = P.timeOrigin, floor = Math.floor, construct = Reflect.construct;
  const define = Object.defineProperty, toString = D.prototype.toString;
  const Shim = function Date(...args) {
    if (new.target === undefined) return toString.call(new D(floor(now())));
    return construct(D, args.length === 0 ? [floor(now())] : args, new.target);
  };
  define(Shim, "length", { value: 7 });
  define(Shim, "prototype", { value: D.prototype, writable: false, enumerable: false, configurable: false });
  for (const key of ["UTC", "parse"]) define(Shim, key, { value: D[key], writable: true, configurable: true });
  define(Shim, "now", { value: { now() { return floor(now()); } }.now, writable: true, configurable: true });
  define(D.prototype, "constructor", { value: Shim, writable: true, configurable: true });
  define(globalThis, "Date", { value: Shim, writable: true, configurable: true });
  // This engine's performance.now cannot be redefined: the global takes a performance of the same shape.
  // Its readings are taped as the component saw them (since this context's origin), so that a replay in another
  // context reads the same.
  const perf = { timeOrigin: origin, now() { return now(origin); } };
  define(globalThis, "performance", { value: perf, writable: true, configurable: true });
})`;

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
 * @param {{ now: (origin: number) => number, uuid: () => string }} host the clock and crypto.randomUUID, read
 *   through the current run's tape (worker-tape.mjs)
 */
export const prepareContext = (runtime, console, maxResultBytes, host) => {
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

  const shim = vm.unwrapResult(vm.evalCode(clockShim, "sandbox-clock.js"));
  const now = vm.newFunction("now", (origin) =>
    vm.newNumber(host.now(origin === undefined ? 0 : vm.getNumber(origin))),
  );
  vm.unwrapResult(vm.callFunction(shim, vm.undefined, now)).dispose();
  now.dispose();
  shim.dispose();

  const cryptoObject = vm.newObject();
  const uuid = vm.newFunction("randomUUID", () => vm.newString(host.uuid()));
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
