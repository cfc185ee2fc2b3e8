import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobsClient, json } from "../testing/jobs-client.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
const LATER = "2026-03-02T10:00:00.000Z";
let t: TestPlatform;
const ok = componentSource(
  "return { n: params.n };",
  "{ n: { type: 'number' }, channelKey: { type: ['text', 'nothing'] } }",
);
const { putDefinition, job, until } = jobsClient(() => t);
const batch = (jobs: unknown[], token = "admin") =>
  t.request("POST", "/resources/jobs/batch", { token, body: { jobs } });
const counts = (id: string, token = "admin") => t.request("GET", `/resources/job-batches/${id}`, { token });
const total = async () =>
  (await json(await t.request("GET", "/resources/jobs?limit=1", { token: "admin" }))).totalCount;
const daily = (n: number, extra: Record<string, unknown> = {}) => ({
  jobDefinitionId: "reports/daily",
  parameters: { n },
  runAt: LATER,
  ...extra,
});

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20" });
  await install(t, appBody("work", { ok }));
  await putDefinition("reports/daily", { componentId: "work/ok" });
  await putDefinition("other", { componentId: "work/ok" });
});
afterAll(() => t?.close());

describe("POST /resources/jobs/batch", () => {
  it("makes every job in one request (201), in the order asked, each carrying the batch's id", async () => {
    const r = await batch([daily(1), daily(2), daily(3, { uniqueKey: "three" })]);
    expect(r.status).toBe(201);
    const body = await json(r);
    expect(body.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.jobs.map((x: { parameters: { n: number } }) => x.parameters.n)).toEqual([1, 2, 3]);
    for (const x of body.jobs) expect(x).toMatchObject({ status: "pending", batchId: body.batchId, trigger: "api" });
    expect(await job(body.jobs[0].jobId)).toEqual(body.jobs[0]);
    const listed = await json(await t.request("GET", `/resources/jobs?batchId=${body.batchId}`, { token: "admin" }));
    expect(listed.totalCount).toBe(3);
    expect(await json(await counts(body.batchId))).toEqual({
      batchId: body.batchId,
      total: 3,
      byStatus: { waiting: 0, pending: 3, running: 0, succeeded: 0, failed: 0, cancelled: 0 },
    });
  });

  it("lets its jobs depend on each other by the ids they choose, and counts them by status as they run", async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const r = await batch([
      daily(1, { jobId: c, dependsOn: [a, b], runAt: undefined }),
      daily(2, { jobId: a }),
      daily(3, { jobId: b, dependsOn: [a] }),
    ]);
    expect(r.status).toBe(201);
    const body = await json(r);
    expect(body.jobs.map((x: { jobId: string; status: string }) => [x.jobId, x.status])).toEqual([
      [c, "waiting"],
      [a, "pending"],
      [b, "waiting"],
    ]);
    expect(body.jobs[1].dependents.sort()).toEqual([b, c].sort());
    expect((await json(await counts(body.batchId))).byStatus).toMatchObject({ waiting: 2, pending: 1 });
    clock.set(LATER);
    await until(c, "succeeded");
    expect((await json(await counts(body.batchId))).byStatus).toMatchObject({ succeeded: 3, waiting: 0, pending: 0 });
  });

  it("makes none when one is refused: bad parameters, cycle, uniqueKey, id in use, forbidden", async () => {
    const far = { runAt: "2027-01-01T00:00:00Z" };
    const held = (await json(await batch([daily(9, { uniqueKey: "held", ...far })]))).jobs[0].jobId;
    const before = await total();
    const [x, y] = [randomUUID(), randomUUID()];
    const bad = await batch([
      daily(1, { jobId: x }),
      daily(2),
      { jobDefinitionId: "reports/daily", parameters: { n: "two" } },
    ]);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.details.map((d: { path: string }) => d.path)).toEqual(["jobs.2.parameters.n"]);
    const cycle = await batch([daily(1, { jobId: x, dependsOn: [y] }), daily(2, { jobId: y, dependsOn: [x] })]);
    expect(cycle.status).toBe(400);
    expect((await json(cycle)).error.details).toEqual([
      { path: "jobs.0.dependsOn", message: `makes a cycle of dependencies (${x} → ${y} → ${x})` },
    ]);
    const unique = await batch([daily(1, { jobId: x }), daily(4, { uniqueKey: "held" })]);
    expect(unique.status).toBe(409);
    expect((await json(unique)).error).toEqual({
      code: "CONFLICT",
      message: "A job of reports/daily with uniqueKey 'held' is pending or running (jobs.1)",
      details: { jobId: held },
    });
    const sameKey = await batch([daily(1, { jobId: x, uniqueKey: "k" }), daily(2, { uniqueKey: "k" })]);
    expect(sameKey.status).toBe(400);
    expect((await json(sameKey)).error.details).toEqual([
      { path: "jobs.1.uniqueKey", message: "is the uniqueKey of jobs.0, of the same definition" },
    ]);
    const twice = await batch([daily(1, { jobId: x }), daily(2, { jobId: x })]);
    expect(twice.status).toBe(400);
    const inUse = await batch([daily(1, { jobId: x }), daily(2, { jobId: held })]);
    expect(inUse.status).toBe(409);
    const forbidden = await batch(
      [daily(1, { jobId: x }), { jobDefinitionId: "other", parameters: { n: 1 } }],
      "daily",
    );
    expect(forbidden.status).toBe(403);
    expect((await t.request("GET", `/resources/jobs/${x}`, { token: "admin" })).status).toBe(404);
    expect(await total()).toBe(before);
  });

  it("takes 1 to 1000 jobs", async () => {
    expect((await batch([])).status).toBe(400);
    expect((await batch(Array.from({ length: 1001 }, (_, i) => daily(i)))).status).toBe(400);
    const r = await batch(Array.from({ length: 1000 }, (_, i) => daily(i, { runAt: "2027-01-01T00:00:00Z" })));
    expect(r.status).toBe(201);
    const body = await json(r);
    expect(body.jobs).toHaveLength(1000);
    expect((await json(await counts(body.batchId))).total).toBe(1000);
  });
});

describe("GET /resources/job-batches/{batchId}", () => {
  it("counts only the jobs its reader may read, and a batch with none of them is not found", async () => {
    const body = await json(
      await batch([daily(1), { jobDefinitionId: "other", parameters: { n: 1 }, runAt: LATER }, daily(2)]),
    );
    expect((await json(await counts(body.batchId, "daily"))).total).toBe(2);
    const other = await json(await batch([{ jobDefinitionId: "other", parameters: { n: 1 }, runAt: LATER }]));
    expect((await counts(other.batchId, "daily")).status).toBe(404);
    expect((await counts(randomUUID())).status).toBe(404);
    expect((await counts("nope")).status).toBe(404);
    expect((await counts(body.batchId, "nobody")).status).toBe(403);
  });
});
