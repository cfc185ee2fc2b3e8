import { describe, expect, it } from "vitest";
import { component, componentStack, failed, run, sandbox, useSandbox } from "./test-support/escapes-fixture.ts";

/**
 * Every way out of the sandbox we know of, each with its exact outcome. The host stays clean,
 * the next run starts clean, and the limits hold (the deadline's: deadlines.test.ts).
 */
useSandbox();

describe("the host is out of reach", () => {
  it("process is not there", async () => {
    expect(await run("return typeof process")).toEqual({ ok: true, value: "undefined" });
    expect(await run("return process.env")).toEqual(
      failed("ReferenceError: process is not defined", { stack: componentStack }),
    );
  });

  it("the Function constructor reaches only the sandbox's own global", async () => {
    expect(await run('return globalThis.constructor.constructor("return process")()')).toEqual(
      failed("ReferenceError: process is not defined", {
        stack: expect.stringMatching(/^\s+at anonymous \(<input>:1:1\)\n\s+at run \(component\.js:3:\d+\)$/),
      }),
    );
    expect(
      await run('const g = Function("return this")(); return [g === globalThis, typeof g.process, typeof g.require]'),
    ).toEqual({
      ok: true,
      value: [true, "undefined", "undefined"],
    });
  });

  it("import() of anything fails, and a static import does not compile", async () => {
    expect(await run('const fs = await import("node:fs"); return typeof fs')).toEqual(
      failed("ReferenceError: could not load module 'node:fs'"),
    );
    expect(await run('return (await import("./lib.js")).default')).toEqual(
      failed("ReferenceError: could not load module 'lib.js'"),
    );
    await expect(
      sandbox.compile('import fs from "node:fs";\nexport const parameters = {};\nexport default () => 1;'),
    ).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "source", message: "ReferenceError: could not load module 'node:fs'" }],
    });
  });

  it.each([
    ["require", 'return require("node:fs")'],
    ["fetch", 'return fetch("http://127.0.0.1:5432/")'],
    ["setTimeout", "return setTimeout(() => 1, 1)"],
    ["setInterval", "return setInterval(() => 1, 1)"],
    ["WebAssembly", "return WebAssembly.Memory"],
    ["Buffer", "return Buffer.from('x')"],
  ])("%s is not defined", async (name, body) => {
    expect(await run(body)).toEqual(failed(`ReferenceError: ${name} is not defined`, { stack: componentStack }));
  });

  it(
    "the global object holds the ECMAScript built-ins and console, crypto, performance, " + "queueMicrotask only",
    async () => {
      expect(await run("return Object.getOwnPropertyNames(globalThis).sort()")).toEqual({
        ok: true,
        value: [
          "AggregateError",
          "Array",
          "ArrayBuffer",
          "BigInt",
          "BigInt64Array",
          "BigUint64Array",
          "Boolean",
          "DOMException",
          "DataView",
          "Date",
          "Error",
          "EvalError",
          "FinalizationRegistry",
          "Float16Array",
          "Float32Array",
          "Float64Array",
          "Function",
          "Infinity",
          "Int16Array",
          "Int32Array",
          "Int8Array",
          "InternalError",
          "Iterator",
          "JSON",
          "Map",
          "Math",
          "NaN",
          "Number",
          "Object",
          "Promise",
          "Proxy",
          "RangeError",
          "ReferenceError",
          "Reflect",
          "RegExp",
          "Set",
          "SharedArrayBuffer",
          "String",
          "Symbol",
          "SyntaxError",
          "TypeError",
          "URIError",
          "Uint16Array",
          "Uint32Array",
          "Uint8Array",
          "Uint8ClampedArray",
          "WeakMap",
          "WeakRef",
          "WeakSet",
          "console",
          "crypto",
          "decodeURI",
          "decodeURIComponent",
          "encodeURI",
          "encodeURIComponent",
          "escape",
          "eval",
          "globalThis",
          "isFinite",
          "isNaN",
          "parseFloat",
          "parseInt",
          "performance",
          "queueMicrotask",
          "undefined",
          "unescape",
        ],
      });
      expect(
        await run(
          "return [typeof crypto.randomUUID(), /^[0-9a-f-]{36}$/.test(crypto.randomUUID()), Object.keys(crypto)]",
        ),
      ).toEqual({
        ok: true,
        value: ["string", true, ["randomUUID"]],
      });
    },
  );

  it("ctx holds only the functions the caller gave, and host values cross as JSON copies", async () => {
    const host = { list: [1, 2], method: () => "host code", nested: { deep: true } };
    const seen: unknown[] = [];
    const r = await run(
      `const got = await ctx.read({ fn: () => 1, when: new Date(0), n: 1 });
       got.list.push(3); got.nested.deep = false;
       return { keys: Object.keys(ctx), got, method: typeof got.method };`,
      {
        read: async (arg: unknown) => {
          seen.push(arg);
          return host as never;
        },
      },
    );
    expect(r).toEqual({
      ok: true,
      value: { keys: ["read"], got: { list: [1, 2, 3], nested: { deep: false } }, method: "undefined" },
    });
    expect(seen).toEqual([{ when: "1970-01-01T00:00:00.000Z", n: 1 }]);
    expect(host.list).toEqual([1, 2]);
    expect(host.nested.deep).toBe(true);
  });

  it("a ctx rejection carries its message, code and status, and no host stack", async () => {
    const r = await run(
      `try { await ctx.refuse(); } catch (e) {
        return { name: e.name, message: e.message, code: e.code, status: e.status, stack: e.stack };
      }`,
      {
        refuse: async () => {
          throw Object.assign(new Error("not permitted"), { code: "FORBIDDEN", status: 403 });
        },
      },
    );
    expect(r).toEqual({
      ok: true,
      value: { name: "Error", message: "not permitted", code: "FORBIDDEN", status: 403, stack: "" },
    });
  });
});

describe("the host and the next run stay clean", () => {
  it("polluting prototypes and globals changes neither the host nor the next run", async () => {
    const c = await sandbox.compile(
      component(`
        const before = [
          typeof Object.prototype.polluted, typeof globalThis.leaked,
          typeof Array.prototype.push, JSON.stringify({ a: 1 }),
        ];
        Object.prototype.polluted = "yes";
        Array.prototype.push = null;
        JSON.stringify = () => "hijacked";
        JSON.parse = () => ({ hijacked: true });
        globalThis.leaked = 1;
        return before;`),
    );
    const clean = { ok: true, value: ["undefined", "undefined", "function", '{"a":1}'] };
    expect(await c.run({})).toEqual(clean);
    expect(await c.run({})).toEqual(clean);
    expect(Object.prototype).not.toHaveProperty("polluted");
    expect(typeof Array.prototype.push).toBe("function");
    expect(globalThis).not.toHaveProperty("leaked");
  });
});
