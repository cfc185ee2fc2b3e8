import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform, json, staticAuthContext } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { actorsContext } from "@platform/actor-api";
import { ordersContext } from "@platform/orders";
import { orderBody } from "@platform/orders/testing";
import { appsContext } from "../index.ts";
import { appBody, componentSource, install } from "../testing/index.ts";
import { appsRuntimeKey } from "../apps-runtime.ts";
import { runErasureReactor } from "./run-upkeep.ts";
import { ports } from "@platform/ports";

const callers = {
  admin: { scope: ["*"], id: "p-admin", isOwner: true },
  ada: { scope: ["ingress:invoke"], id: "p-ada" },
  debugger: { scope: ["apps/rec:debug"], id: "p-debugger" },
  otherDebugger: { scope: ["apps/other:debug", "apps:read"], id: "p-other" },
};

const platform = (env: Record<string, string> = {}) =>
  createTestPlatform([staticAuthContext(callers), actorsContext, ordersContext, appsContext], env);

/** Creates an order, draws, reads the clock, makes an id, logs, and fails when `n` is over 2. */
const flaky = componentSource(
  `const order = await ctx.messageActor("order", "new", [{ type: "create", body: params.order }]);
  const draw = Math.random(), at = Date.now(), id = crypto.randomUUID();
  console.log("n is", params.n, "for", params.order.orderNumber);
  if (params.n > 2) throw new Error("n is too large: " + params.n);
  return { ok: order.results[0].ok, draw, at, id };`,
  '{ n: { type: "number" }, order: { type: "object" } }',
);

const runsOf = async (t: TestPlatform, appId: string, query = "", token = "admin") =>
  t.request("GET", `/resources/apps/${appId}/runs${query}`, { token });

describe("recorded runs (APPS_RECORD_RUNS=failed, the default)", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await platform();
    await install(
      t,
      appBody("rec", { flaky }, [{ route: "rec/flaky", isPublic: false, acl: ["actors/order:create"] }]),
    );
  });
  afterAll(() => t.close());

  const sent: Record<string, unknown> = {};
  const call = (n: number, number: string) => {
    sent[number] = { n, order: orderBody(number) };
    return t.request("POST", "/ingress/rec/flaky?source=test", {
      token: "ada",
      headers: { Cookie: "session=secret", "X-Trace": "t1" },
      body: sent[number],
    });
  };

  it("keeps a failed run whole under the id its answer carries; an ok run answers its id and is not kept", async () => {
    const ok = await call(1, "REC-1");
    expect(ok.status).toBe(200);
    const okId = ok.headers.get("x-run-id")!;
    expect(okId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.request("GET", `/resources/apps/rec/runs/${okId}`, { token: "admin" })).status).toBe(404);

    const failed = await call(3, "REC-2");
    expect(failed.status).toBe(502);
    const runId = failed.headers.get("x-run-id")!;
    expect(runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(runId).not.toBe(okId);

    const list = await json(await runsOf(t, "rec"));
    expect(list).toMatchObject({ totalCount: 1 });
    expect(list.runs).toEqual([
      {
        runId,
        componentId: "flaky",
        trigger: "ingress",
        outcome: "error",
        errorMessage: "Error: n is too large: 3",
        at: expect.any(String),
        durationMs: expect.any(Number),
      },
    ]);

    const record = await json(await t.request("GET", `/resources/apps/rec/runs/${runId}`, { token: "debugger" }));
    expect(record).toMatchObject({
      runId,
      appId: "rec",
      componentId: "flaky",
      appVersion: 1,
      trigger: "ingress",
      ingressId: "flaky",
      jobId: null,
      outcome: "error",
      errorMessage: "Error: n is too large: 3",
      result: null,
      error: { code: "COMPONENT_FAILED", message: "Error: n is too large: 3" },
      truncated: false,
      logs: [{ level: "log", line: "n is 3 for REC-2" }],
    });
    expect(record.input.params).toEqual(sent["REC-2"]);
    expect(record.input.request).toMatchObject({
      method: "POST",
      path: "/ingress/rec/flaky",
      query: { source: "test" },
      body: record.input.params,
    });
    expect(record.input.request.headers["x-trace"]).toBe("t1");
    expect(Object.keys(record.input.request.headers)).not.toContain("authorization");
    expect(Object.keys(record.input.request.headers)).not.toContain("cookie");
    expect(record.calls).toHaveLength(1);
    expect(record.calls[0]).toMatchObject({
      name: "messageActor",
      args: ["order", "new", [{ type: "create", body: record.input.params.order }]],
      answer: { ok: true, value: { results: [{ ok: true }] } },
    });
    // The person the order is for is in the record (orderBody's delivery address), as the erasure test relies on.
    expect(JSON.stringify(record.input.params)).toContain("ada@example.com");
    expect(record.seed).toMatch(/^[0-9]+$/);
    expect(record.clock).toHaveLength(1);
    expect(record.uuids).toHaveLength(1);
  });

  it("keeps a run that timed out, and filters by outcome and component", async () => {
    await install(
      t,
      appBody("rec", { flaky, spin: componentSource("for (;;) {}") }, [
        { route: "rec/flaky", isPublic: false, acl: ["actors/order:create"] },
        { route: "rec/spin", componentId: "spin" },
      ]),
    );
    const spun = await t.request("POST", "/ingress/rec/spin", { body: {} });
    expect(spun.status).toBe(504);
    const timeouts = await json(await runsOf(t, "rec", "?outcome=timeout"));
    expect(timeouts.runs.map((r: { runId: string }) => r.runId)).toEqual([spun.headers.get("x-run-id")]);
    expect(timeouts.runs[0]).toMatchObject({ componentId: "spin", outcome: "timeout" });
    expect((await json(await runsOf(t, "rec", "?componentId=flaky"))).totalCount).toBe(1);
    expect((await json(await runsOf(t, "rec", "?componentId=spin&outcome=error"))).totalCount).toBe(0);
    const record = await json(
      await t.request("GET", `/resources/apps/rec/runs/${spun.headers.get("x-run-id")}`, { token: "admin" }),
    );
    expect(record.appVersion).toBe(2);
  });

  it("pages newest first with the contract's cursors", async () => {
    const first = await json(await runsOf(t, "rec", "?limit=1"));
    expect(first.runs).toHaveLength(1);
    expect(first.totalCount).toBe(2);
    expect(first.runs[0].componentId).toBe("spin");
    const next = await json(await runsOf(t, "rec", `?limit=1&after=${first.lastCursor}`));
    expect(next.runs.map((r: { componentId: string }) => r.componentId)).toEqual(["flaky"]);
    const back = await json(await runsOf(t, "rec", `?limit=1&before=${next.firstCursor}`));
    expect(back.runs).toEqual(first.runs);
  });

  it("needs apps/<appId>:debug (or apps:debug): apps:read or another app's debug is not enough", async () => {
    const runId = (await json(await runsOf(t, "rec"))).runs[0].runId;
    expect((await runsOf(t, "rec", "", "debugger")).status).toBe(200);
    expect((await runsOf(t, "rec", "", "otherDebugger")).status).toBe(403);
    expect((await t.request("GET", `/resources/apps/rec/runs/${runId}`, { token: "otherDebugger" })).status).toBe(403);
    expect((await t.request("GET", `/resources/apps/rec/runs/${runId}`, { token: "ada" })).status).toBe(403);
    expect((await runsOf(t, "other", "", "otherDebugger")).status).toBe(200);
    // Another app's record is not reachable through an app the caller may debug.
    expect((await t.request("GET", `/resources/apps/other/runs/${runId}`, { token: "otherDebugger" })).status).toBe(
      404,
    );
    expect((await runsOf(t, "rec")).status).toBe(200);
    expect((await t.request("GET", "/resources/apps/rec/runs")).status).toBe(401);
  });

  it("authenticates a request once, though several files serve /resources/apps", async () => {
    const authenticator = t.platform.ports.get(ports.authenticator);
    const original = authenticator.authenticate;
    let calls = 0;
    authenticator.authenticate = (...args) => {
      calls++;
      return original.apply(authenticator, args);
    };
    try {
      for (const path of ["/resources/apps/rec/runs", "/resources/apps/rec/versions", "/resources/apps/rec"])
        expect((await t.request("GET", path, { token: "admin" })).status).toBe(200);
    } finally {
      authenticator.authenticate = original;
    }
    expect(calls).toBe(3);
  });

  it("refuses bad queries with 400 and an unknown run with 404", async () => {
    for (const query of ["?outcome=crashed", "?componentId=a%20b", "?limit=101", "?after=xyz"])
      expect({ query, status: (await runsOf(t, "rec", query)).status }).toEqual({ query, status: 400 });
    const unknown = await t.request("GET", "/resources/apps/rec/runs/00000000-0000-4000-8000-000000000000", {
      token: "admin",
    });
    expect(unknown.status).toBe(404);
    expect((await t.request("GET", "/resources/apps/rec/runs/not-a-uuid", { token: "admin" })).status).toBe(404);
  });

  it("go with the person they name (an email, a phone) or who ran them, and after their retention", async () => {
    const runs = t.platform.ports.get(appsRuntimeKey).runs;
    expect((await json(await runsOf(t, "rec"))).totalCount).toBe(2);
    await t.platform.personalData.eraseContacts(["ADA@example.com"]);
    const left = await json(await runsOf(t, "rec"));
    expect(left.runs.map((r: { componentId: string }) => r.componentId)).toEqual(["spin"]);

    const byAda = await call(4, "REC-3");
    expect(byAda.status).toBe(502);
    await runErasureReactor(runs).handle({ streamId: "principal-p-ada" } as never);
    expect((await json(await runsOf(t, "rec"))).runs.map((r: { componentId: string }) => r.componentId)).toEqual([
      "spin",
    ]);

    await t.platform.db.pool.query("UPDATE apps_run_records SET at = now() - interval '8 days'");
    expect(await runs.expire(7)).toBe(1);
    expect((await json(await runsOf(t, "rec"))).totalCount).toBe(0);
  });
});

describe("APPS_RECORD_RUNS=all", () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await platform({ APPS_RECORD_RUNS: "all" });
    await install(t, appBody("rec", { flaky }, [{ route: "rec/flaky", acl: ["actors/order:create"] }]));
  });
  afterAll(() => t.close());

  it("keeps an ok run too, with its result", async () => {
    const ok = await t.request("POST", "/ingress/rec/flaky", { body: { n: 1, order: orderBody("ALL-1") } });
    expect(ok.status).toBe(200);
    const value = await json(ok);
    const record = await json(
      await t.request("GET", `/resources/apps/rec/runs/${ok.headers.get("x-run-id")}`, { token: "admin" }),
    );
    expect(record).toMatchObject({ outcome: "ok", errorMessage: null, error: null, result: value });
    expect(record.uuids).toEqual([value.id]);
    expect(Math.floor(record.clock[0])).toBe(value.at);
  });
});
