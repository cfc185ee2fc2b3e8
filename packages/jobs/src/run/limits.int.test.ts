import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobsClient } from "../testing/jobs-client.ts";
import { busyComponent, keyedSpans, maxOverlap } from "../testing/limit-spans.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
let t: TestPlatform;
const { putDefinition, schedule, job, until } = jobsClient(() => t);

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20", JOBS_CONCURRENCY: "8" });
  await install(t, appBody("work", { busy: busyComponent }));
  await putDefinition("one-each", { componentId: "work/busy", limit: { key: "customer", concurrency: 1 } });
  await putDefinition("per-minute", { componentId: "work/busy", limit: { key: "customer", perMinute: 2 } });
});
afterAll(() => t?.close());

const run = (definition: string, customer: string | null, ms = 40) =>
  schedule({ jobDefinitionId: definition, parameters: { customer, ms } });

describe("a definition's limit per key", () => {
  it("is shown and checked on the definition", async () => {
    expect(
      (await putDefinition("shown", { componentId: "work/busy", limit: { key: "customer", perMinute: 5 } })).limit,
    ).toEqual({
      key: "customer",
      perMinute: 5,
    });
    for (const limit of [{ key: "customer" }, { key: "a b", concurrency: 1 }, { key: "c", concurrency: 0 }]) {
      const r = await t.request("PUT", "/resources/job-definitions/bad", {
        token: "admin",
        body: { componentId: "work/busy", limit },
      });
      expect(r.status).toBe(400);
    }
  });

  it("runs at most `concurrency` jobs of one key value at once, while other values run beside them", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(await run("one-each", "a"), await run("one-each", "b"), await run("one-each", null));
    for (const id of ids) await until(id, "succeeded");
    const spans = await keyedSpans(t, ids);
    for (const key of ['"a"', '"b"', "null"]) expect(maxOverlap(spans.filter((s) => s.key === key))).toBe(1);
    expect(maxOverlap(spans)).toBeGreaterThan(1);
  });

  it("does not hold back other keys behind a hot one", async () => {
    // Every hot job is due before every cold one, and all become due at once.
    const due = (ms: number) => new Date(clock.now().getTime() + 3_600_000 + ms).toISOString();
    const body = (customer: string, runAt: string) => ({
      jobDefinitionId: "one-each",
      parameters: { customer, ms: 30 },
      runAt,
    });
    const r = await t.request("POST", "/resources/jobs/batch", {
      token: "admin",
      body: {
        jobs: [
          ...Array.from({ length: 24 }, () => body("hot", due(0))),
          ...Array.from({ length: 24 }, (_, i) => body(`cold-${i}`, due(1))),
        ],
      },
    });
    expect(r.status).toBe(201);
    const ids = ((await r.json()) as { jobs: { jobId: string }[] }).jobs.map((x) => x.jobId);
    const [hot, cold] = [ids.slice(0, 24), ids.slice(24)];
    clock.advance(3_601_000);
    for (const id of cold) await until(id, "succeeded");
    // The cold jobs, due after every hot one, were all done while most hot ones still waited their turn.
    const hotDone = (await Promise.all(hot.map((id) => job(id)))).filter((j) => j.status === "succeeded").length;
    expect(hotDone).toBeLessThan(12);
    for (const id of hot) await until(id, "succeeded");
    expect(maxOverlap((await keyedSpans(t, hot)).filter((s) => s.key === '"hot"'))).toBe(1);
  });

  it("starts at most `perMinute` jobs of one key value in any minute", async () => {
    const a = [
      await run("per-minute", "a"),
      await run("per-minute", "a"),
      await run("per-minute", "a"),
      await run("per-minute", "a"),
    ];
    const b = await run("per-minute", "b");
    await until(b, "succeeded");
    await until(a[1]!, "succeeded");
    await new Promise((r) => setTimeout(r, 300));
    expect((await Promise.all(a.map((id) => job(id)))).map((j) => j.status)).toEqual([
      "succeeded",
      "succeeded",
      "pending",
      "pending",
    ]);
    clock.advance(61_000);
    for (const id of a) await until(id, "succeeded");
  });
});
