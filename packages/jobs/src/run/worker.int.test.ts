import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { orderBody } from "@platform/orders/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { runOps } from "../../../../scripts/ops/run.ts";
import { expireFinishedJobs } from "./retention.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
let t: TestPlatform;
const components = {
  createOrder: componentSource(
    'const r = await ctx.messageActor("order", "new", [{ type: "create", body: params.order ' +
      "}]); return { orderId: r.actor.id };",
    "{ order: { type: 'object' } }",
  ),
  createOrderFor: componentSource(
    'const r = await ctx.messageActor("order", "new", [{ type: "create", body: params.order ' +
      "}]); return r.results[0].ok;",
    "{ order: { type: 'object' }, channelKey: { type: 'text' } }",
  ),
  echo: componentSource("return params.value;", "{ value: { type: ['text', 'number', 'object', 'nothing'] } }"),
  boom: componentSource('throw new Error("boom " + params.n);', "{ n: { type: 'number' } }"),
  chain: componentSource(
    'ctx.emit({ effect: "scheduleJob", definition: params.next, at: "PT10M", parameters: { n: ' +
      "params.n + 1, next: params.next, fail: false } }); if (params.fail) throw new " +
      'Error("failed after emitting"); return params.n;',
    "{ n: { type: 'number' }, next: { type: 'text' }, fail: { type: 'boolean', default: false } }",
  ),
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const j = (r: Response): Promise<any> => r.json();
const putDefinition = async (id: string, body: Record<string, unknown>) => {
  const r = await t.request("PUT", `/resources/job-definitions/${id}`, { token: "admin", body });
  expect(r.status, await r.clone().text()).toBeLessThan(300);
};
const post = async (body: Record<string, unknown>, token = "admin") => {
  const r = await t.request("POST", "/resources/jobs", { token, body });
  expect(r.status, await r.clone().text()).toBe(201);
  return j(r);
};
const get = async (id: string) => j(await t.request("GET", `/resources/jobs/${id}`, { token: "admin" }));
const finished = (id: string) =>
  expect.poll(async () => (await get(id)).status, { timeout: 10_000, interval: 20 }).toMatch(/succeeded|failed/);
const journal = (id: string) => t.platform.store.readStream(`job-${id}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20" });
  await install(t, appBody("work", components));
  await putDefinition("orders/create", { componentId: "work/createOrder", acl: ["actors/order:create"] });
  await putDefinition("orders/no-acl", { componentId: "work/createOrder", acl: [] });
  await putDefinition("orders/for", { componentId: "work/createOrderFor", acl: ["actors/order:create"] });
  await putDefinition("echo", { componentId: "work/echo" });
  await putDefinition("boom", { componentId: "work/boom" });
  await putDefinition("chain", { componentId: "work/chain", acl: ["jobs/chain:schedule"] });
  await putDefinition("chain/no-acl", { componentId: "work/chain" });
  await putDefinition("chain/to-echo", { componentId: "work/chain", acl: ["jobs/echo:schedule"] });
});
afterAll(() => t?.close());

describe("a worker runs due jobs", () => {
  it("records the component's return value as the result, with start and finish times", async () => {
    for (const value of ["text", 42, { a: [1, null] }, null]) {
      const job = await post({ jobDefinitionId: "echo", parameters: { value } });
      await finished(job.jobId);
      expect(await get(job.jobId)).toMatchObject({
        status: "succeeded",
        result: value,
        error: null,
        startedAt: clock.now().toISOString(),
        finishedAt: clock.now().toISOString(),
      });
    }
  });

  it("names each run by an id made before it, on the job's record and its start; null before the first", async () => {
    const later = await post({
      jobDefinitionId: "echo",
      parameters: { value: "later" },
      runAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(later.runId).toBeNull();
    const job = await post({ jobDefinitionId: "echo", parameters: { value: "now" } });
    expect(job.runId).toBeNull();
    await finished(job.jobId);
    const done = await get(job.jobId);
    expect(done).toMatchObject({ status: "succeeded", runId: expect.stringMatching(UUID) });
    const start = (await journal(job.jobId)).find((e) => e.type === "JobStarted")!;
    expect(start.data).toEqual({ attempt: 1, startedAt: done.startedAt, runId: done.runId });
    const list = await j(await t.request("GET", "/resources/jobs?jobDefinitionId=echo&limit=100", { token: "admin" }));
    const byId = new Map(list.jobs.map((r: { jobId: string; runId: string | null }) => [r.jobId, r.runId]));
    expect([byId.get(job.jobId), byId.get(later.jobId)]).toEqual([done.runId, null]);
    expect((await get(later.jobId)).runId).toBeNull();
    expect((await t.request("DELETE", `/resources/jobs/${later.jobId}`, { token: "admin" })).status).toBe(204);
  });

  it("runs the component with the definition's acl; its ctx calls carry the job as causation", async () => {
    const job = await post({ jobDefinitionId: "orders/create", parameters: { order: orderBody("JOB-1") } });
    await finished(job.jobId);
    const done = await get(job.jobId);
    expect(done.status, done.error).toBe("succeeded");
    const orders = await j(await t.request("GET", "/resources/orders?orderNumber=JOB-1", { token: "admin" }));
    expect(orders.orders.map((o: { orderId: string }) => o.orderId)).toEqual([done.result.orderId]);
    const events = await t.platform.store.readStream(`order-${done.result.orderId}`);
    expect(events[0]!.metadata).toMatchObject({
      clientId: "system:jobs-worker",
      causationId: job.jobId,
      correlationId: job.jobId,
      appId: "work",
      componentId: "createOrder",
    });
  });

  it("fails a job whose component may not do what it tries (the acl is all it has)", async () => {
    const job = await post({ jobDefinitionId: "orders/no-acl", parameters: { order: orderBody("JOB-2") } });
    await finished(job.jobId);
    expect(await get(job.jobId)).toMatchObject({
      status: "failed",
      result: null,
      error: expect.stringMatching(/^COMPONENT_FAILED: .*actors\/order/),
    });
    const orders = await j(await t.request("GET", "/resources/orders?orderNumber=JOB-2", { token: "admin" }));
    expect(orders.orders).toEqual([]);
  });

  it(
    "runs with at most the access attributes of whoever scheduled it, whatever the definition's " + "writer holds",
    async () => {
      const own = await post(
        {
          jobDefinitionId: "orders/for",
          parameters: { channelKey: "web", order: orderBody("JOB-WEB", { channelKey: "web" }) },
        },
        "web",
      );
      await finished(own.jobId);
      expect(await get(own.jobId)).toMatchObject({ status: "succeeded", result: true });
      const other = await post(
        {
          jobDefinitionId: "orders/for",
          parameters: { channelKey: "web", order: orderBody("JOB-SHOP", { channelKey: "shop" }) },
        },
        "web",
      );
      await finished(other.jobId);
      expect(await get(other.jobId)).toMatchObject({
        status: "failed",
        error: expect.stringMatching(/^COMPONENT_FAILED: .*access attributes/),
      });
      const orders = (await j(await t.request("GET", "/resources/orders?limit=100", { token: "admin" }))).orders as {
        orderNumber: string;
      }[];
      expect(orders.map((o) => o.orderNumber)).toContain("JOB-WEB");
      expect(orders.map((o) => o.orderNumber)).not.toContain("JOB-SHOP");
    },
  );

  it("fails a job whose component throws, with the reason in error", async () => {
    const job = await post({ jobDefinitionId: "boom", parameters: { n: 7 } });
    await finished(job.jobId);
    expect(await get(job.jobId)).toMatchObject({ status: "failed", error: expect.stringContaining("boom 7") });
  });

  it("fails a job whose definition was deleted when it runs, saying so", async () => {
    await putDefinition("doomed", { componentId: "work/echo" });
    const job = await post({
      jobDefinitionId: "doomed",
      parameters: { value: 1 },
      runAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect((await t.request("DELETE", "/resources/job-definitions/doomed", { token: "admin" })).status).toBe(204);
    clock.advance(3_600_000);
    await finished(job.jobId);
    // No component ran: its start names no run.
    expect(await get(job.jobId)).toMatchObject({
      status: "failed",
      error: "DEFINITION_DELETED: job definition doomed was deleted",
      runId: null,
    });
    expect((await journal(job.jobId)).find((e) => e.type === "JobStarted")!.data).not.toHaveProperty("runId");
  });

  it("never runs a cancelled job", async () => {
    const job = await post({
      jobDefinitionId: "boom",
      parameters: { n: 1 },
      runAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    expect((await t.request("DELETE", `/resources/jobs/${job.jobId}`, { token: "admin" })).status).toBe(204);
    clock.advance(120_000);
    const marker = await post({ jobDefinitionId: "echo", parameters: { value: "after" } });
    await finished(marker.jobId);
    expect(await get(job.jobId)).toMatchObject({ status: "cancelled", startedAt: null });
    expect((await journal(job.jobId)).map((e) => e.type)).toEqual(["JobScheduled", "JobCancelled"]);
  });
});

describe("self-scheduling (scheduleJob)", () => {
  it("schedules the next job at completion + at, trigger self, once the emitting job succeeded", async () => {
    const job = await post({ jobDefinitionId: "chain", parameters: { n: 1, next: "chain" } });
    await finished(job.jobId);
    const done = await get(job.jobId);
    expect(done).toMatchObject({ status: "succeeded", result: 1 });
    const pending = async () =>
      (await j(await t.request("GET", "/resources/jobs?jobDefinitionId=chain&status=pending", { token: "admin" })))
        .jobs;
    await expect.poll(async () => (await pending()).length).toBe(1);
    const next = await pending();
    expect(next[0]).toMatchObject({
      trigger: "self",
      parameters: { n: 2, next: "chain", fail: false },
      runAt: new Date(Date.parse(done.finishedAt) + 600_000).toISOString(),
    });
    const succeeded = (await journal(job.jobId)).find((e) => e.type === "JobSucceeded")!;
    expect((succeeded.data as { next: { jobId: string }[] }).next.map((n) => n.jobId)).toEqual([next[0].jobId]);
    expect((await t.request("DELETE", `/resources/jobs/${next[0].jobId}`, { token: "admin" })).status).toBe(204);
  });

  it("schedules nothing when the emitting job fails", async () => {
    const before = (
      await j(await t.request("GET", "/resources/jobs?jobDefinitionId=chain&limit=100", { token: "admin" }))
    ).totalCount;
    const job = await post({ jobDefinitionId: "chain", parameters: { n: 1, next: "chain", fail: true } });
    await finished(job.jobId);
    expect(await get(job.jobId)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("failed after emitting"),
    });
    expect((await journal(job.jobId)).map((e) => e.type)).toEqual(["JobScheduled", "JobStarted", "JobFailed"]);
    expect(
      (await j(await t.request("GET", "/resources/jobs?jobDefinitionId=chain&limit=100", { token: "admin" })))
        .totalCount,
    ).toBe(before + 1);
  });

  it("fails a run that emits what its acl does not allow, or with parameters its definition refuses", async () => {
    const refused = await post({ jobDefinitionId: "chain/no-acl", parameters: { n: 1, next: "chain" } });
    await finished(refused.jobId);
    expect(await get(refused.jobId)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("jobs/chain:schedule"),
    });
    const invalid = await post({ jobDefinitionId: "chain/to-echo", parameters: { n: 1, next: "echo" } });
    await finished(invalid.jobId);
    expect(await get(invalid.jobId)).toMatchObject({
      status: "failed",
      error: "COMPONENT_FAILED: ctx.emit was refused: The job is invalid",
    });
  });
});

describe("retention", () => {
  it("expires jobs finished more than RETENTION_JOBS_DAYS ago; keeps the rest; -1 keeps all", async () => {
    const old = await post({ jobDefinitionId: "echo", parameters: { value: "old" } });
    await finished(old.jobId);
    clock.advance(10 * 86_400_000);
    const recent = await post({ jobDefinitionId: "echo", parameters: { value: "recent" } });
    await finished(recent.jobId);
    const pending = await post({
      jobDefinitionId: "echo",
      parameters: { value: "later" },
      runAt: new Date(clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    clock.advance(5 * 86_400_000);
    expect(await expireFinishedJobs(t.platform, clock, -1)).toBe(0);
    expect(await expireFinishedJobs(t.platform, clock, 14)).toBeGreaterThanOrEqual(1);
    expect((await t.request("GET", `/resources/jobs/${old.jobId}`, { token: "admin" })).status).toBe(404);
    expect((await get(recent.jobId)).status).toBe("succeeded");
    expect((await get(pending.jobId)).status).toBe("pending");
    expect((await journal(old.jobId)).at(-1)!.type).toBe("JobExpired");
    expect(await expireFinishedJobs(t.platform, clock, 14)).toBe(0);
    // Operators still read its journal.
    const out: string[] = [];
    expect(
      await runOps(["journal", "job", old.jobId, "--json"], t.platform, {
        out: (l) => out.push(l),
        err: () => undefined,
      }),
    ).toBe(0);
    expect(out.map((l) => (JSON.parse(l) as { type: string }).type)).toEqual([
      "JobScheduled",
      "JobStarted",
      "JobSucceeded",
      "JobExpired",
    ]);
  });
});
