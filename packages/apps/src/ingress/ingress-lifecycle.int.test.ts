import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayApp } from "@platform/http";
import { json, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { bootPlatform } from "@platform/host";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { appsContext } from "../index.ts";
import { appBody, appsTestCallers, appsTestPlatform, componentSource, install } from "../testing/index.ts";

let t: TestPlatform;
beforeAll(async () => {
  // Long enough that a memory flood reaches the memory limit first on a busy two-core CI
  // machine (it took 1.6 s there once, answering 504 instead of 502).
  t = await appsTestPlatform({ COMPONENT_TIMEOUT_MS: "3000" });
});
afterAll(() => t.close());

const version = (v: string) => componentSource(`return "${v}";`);

describe("an upgrade", () => {
  it("swaps at once: a request in flight finishes on the old version, the next runs the new one", async () => {
    // v1 marks that it runs (an order), then works for a while before answering.
    const slow = componentSource(
      'await ctx.messageActor("order", "new", [{ type: "create", body: params.order }]); const ' +
        'end = Date.now() + 400; while (Date.now() < end) {} return "v1";',
      '{ order: { type: "object" } }',
    );
    await install(t, appBody("swap", { c: slow }, [{ route: "swap", acl: ["actors/order:create"] }]));
    const inFlight = t.request("POST", "/ingress/swap", { body: { order: orderBody("SWAP-1") } });
    await expect
      .poll(
        async () =>
          (await json(await t.request("GET", "/resources/orders?orderNumber=SWAP-1", { token: "admin" }))).orders
            .length,
      )
      .toBe(1);
    await install(t, appBody("swap", { c: version("v2") }, [{ route: "swap" }]));
    expect(await json(await t.request("POST", "/ingress/swap", { body: {} }))).toBe("v2");
    expect(await json(await inFlight)).toBe("v1");
  });

  it("reaches another process soon, without a restart (its NOTIFY, or else its poll every 500 ms)", async () => {
    await install(t, appBody("spread", { c: version("one") }, [{ route: "spread" }]));
    const other = await bootPlatform({
      config: t.platform.config,
      contexts: [staticAuthContext(appsTestCallers), actorsContext, ordersContext, appsContext],
      log: t.platform.log,
      db: t.platform.db,
    });
    try {
      const app = createGatewayApp(other);
      const call = async () => {
        const r = await app.request("/ingress/spread", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        });
        return r.status === 200 ? ((await r.json()) as string) : r.status;
      };
      expect(await call()).toBe("one");
      // A deadline is the property here (the other process takes the change up by itself), so
      // a bound, but a generous one: ten of its fallback polls. The second that docs/APPS.md
      // promises is a latency, for the bench; a process that waited for a restart never gets there.
      const soon = { timeout: 5000, interval: 10 };
      await install(t, appBody("spread", { c: version("two") }, [{ route: "spread" }]));
      await expect.poll(call, soon).toBe("two");
      expect((await t.request("DELETE", "/resources/apps/spread", { token: "admin" })).status).toBe(204);
      await expect.poll(call, soon).toBe(404);
    } finally {
      await other.close();
    }
  });
});

describe("what is logged", () => {
  it(
    "logs a component's console lines at debug with the app and component, and its failures not " +
      "as platform errors",
    async () => {
      await install(
        t,
        appBody(
          "logs",
          {
            talk: componentSource(
              'console.log("hello", params.n); console.warn("careful"); throw new Error("bad");',
              '{ n: { type: "number" } }',
            ),
            spin: componentSource("while (true) {}"),
          },
          [
            { route: "logs/talk", componentId: "talk" },
            { route: "logs/spin", componentId: "spin" },
          ],
        ),
      );
      const log = t.platform.log as unknown as Record<"debug" | "error" | "warn", (...a: unknown[]) => void>;
      const seen = { debug: [] as unknown[][], error: [] as unknown[][], warn: [] as unknown[][] };
      const original = { debug: log.debug, error: log.error, warn: log.warn };
      for (const level of ["debug", "error", "warn"] as const)
        log[level] = (...a: unknown[]) => void seen[level].push(a);
      let runId: string | null = null;
      try {
        const talked = await t.request("POST", "/ingress/logs/talk", {
          body: { n: 1 },
          headers: { "X-Request-Id": "req-log" },
        });
        expect(talked.status).toBe(502);
        runId = talked.headers.get("x-run-id");
        expect((await t.request("POST", "/ingress/logs/spin", { body: {} })).status).toBe(504);
      } finally {
        Object.assign(log, original);
      }
      const consoleLines = seen.debug.filter(([, msg]) => msg === "component console").map(([obj]) => obj);
      // Each line names its run, by the id the answer carried.
      const line = { appId: "logs", componentId: "talk", ingressId: "talk", requestId: "req-log", runId };
      expect(runId).toMatch(/^[0-9a-f-]{36}$/);
      expect(consoleLines).toEqual([
        { ...line, level: "log", line: "hello 1" },
        { ...line, level: "warn", line: "careful" },
      ]);
      expect(seen.error).toEqual([]);
      expect(seen.warn).toEqual([]);
    },
  );
});

describe("the sandbox's escape attempts, through a real ingress", () => {
  it(
    "finds no host: no process, require, import, fetch or Function back door; ctx holds only " + "its five calls",
    async () => {
      const probe = componentSource(`
      const out = {};
      out.process = typeof process; out.require = typeof require;
      out.fetch = typeof fetch; out.setTimeout = typeof setTimeout;
      try { out.viaFunction = typeof (function () {}).constructor("return process")(); }
      catch (e) { out.viaFunction = "threw " + e.name; }
      try { out.viaCtx = typeof ctx.messageActor.constructor("return process")(); }
      catch (e) { out.viaCtx = "threw " + e.name; }
      try { await import("node:fs"); out.importFs = "loaded"; } catch (e) { out.importFs = "threw"; }
      out.ctx = Object.keys(ctx).sort();
      Object.prototype.polluted = "yes";
      return out;`);
      await install(t, appBody("escape", { probe }, [{ route: "escape" }]));
      const r = await json(await t.request("POST", "/ingress/escape", { body: {} }));
      expect(r).toEqual({
        process: "undefined",
        require: "undefined",
        fetch: "undefined",
        setTimeout: "undefined",
        viaFunction: "threw ReferenceError",
        viaCtx: "threw ReferenceError",
        importFs: "threw",
        ctx: ["emit", "messageActor", "sendEmail", "sendPush", "sendSms"],
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it("cannot reach actors kept off the actor API (apps, identities) or act past its acl with ctx", async () => {
    const reach = componentSource(`
      const out = {};
      for (const [type, id] of [["app", "escape"], ["principal", "new"], ["role", "new"]]) {
        try { await ctx.messageActor(type, id, [{ type: "remove", body: {} }]); out[type] = "reached"; }
        catch (e) { out[type] = e.status + " " + e.code; }
      }
      return out;`);
    await install(t, appBody("reach", { reach }, [{ route: "reach", acl: ["*"] }]));
    expect(await json(await t.request("POST", "/ingress/reach", { body: {} }))).toEqual({
      app: "404 NOT_FOUND",
      principal: "404 NOT_FOUND",
      role: "404 NOT_FOUND",
    });
    expect((await t.request("GET", "/resources/apps/escape", { token: "admin" })).status).toBe(200);
  });
});

describe("the sandbox's limits, through a real ingress", () => {
  const cases: [string, string, number, string][] = [
    ["deep recursion", "function f(n) { return f(n + 1) + 1; } return f(0);", 502, "RangeError"],
    ["a catastrophic regular expression", 'return /^(a+)+$/.test("a".repeat(40) + "!");', 504, "COMPONENT_TIMEOUT"],
    ["a result over 1 MiB", 'return "x".repeat(2 * 1024 * 1024);', 502, "larger than"],
    [
      "a 101st ctx call",
      'for (let i = 0; i < 101; i++) { try { await ctx.messageActor("order", "no-such-order", [{ ' +
        'type: "cancel", body: {} }]); } catch {} } return "done";',
      502,
      "at most 100 ctx calls",
    ],
    ["a flood of memory", "const a = []; while (true) a.push(new Array(1e6));", 502, "out of memory"],
  ];
  it.each(cases)("%s: the request fails cleanly and the next one is served", async (_name, body, status, text) => {
    const id = `limit-${cases.findIndex(([, b]) => b === body)}`;
    await install(
      t,
      appBody(id, { c: componentSource(body), ok: version("fine") }, [
        { route: `${id}/c`, id: "c", componentId: "c", acl: ["actors/order:*"] },
        { route: `${id}/ok`, id: "ok", componentId: "ok" },
      ]),
    );
    const r = await t.request("POST", `/ingress/${id}/c`, { body: {} });
    expect(r.status).toBe(status);
    const { error } = await json(r);
    expect(error.code).toBe(status === 504 ? "COMPONENT_TIMEOUT" : "COMPONENT_FAILED");
    expect(JSON.stringify(error)).toContain(text);
    expect(await json(await t.request("POST", `/ingress/${id}/ok`, { body: {} }))).toBe("fine");
  });
});

describe("INGRESS_RATE_PER_MINUTE", () => {
  it("answers 429 with Retry-After past the rate of one ingress, others unaffected", async () => {
    const limited = await appsTestPlatform({ INGRESS_RATE_PER_MINUTE: "2" });
    try {
      await install(
        limited,
        appBody("rated", { c: version("ok") }, [
          { route: "rated/a", id: "a" },
          { route: "rated/b", id: "b" },
        ]),
      );
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await limited.request("POST", "/ingress/rated/a", { body: {} })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const r = await limited.request("POST", "/ingress/rated/a", { body: {} });
      expect(Number(r.headers.get("Retry-After"))).toBeGreaterThanOrEqual(29);
      expect(Number(r.headers.get("Retry-After"))).toBeLessThanOrEqual(30);
      expect((await json(r)).error.code).toBe("RATE_LIMITED");
      expect((await limited.request("POST", "/ingress/rated/b", { body: {} })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
