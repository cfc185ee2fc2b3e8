import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobsClient, json } from "../testing/jobs-client.ts";
import { settleStranded } from "./dependency-sweep.ts";

const clock = fixedClock("2026-03-02T09:00:00.000Z");
const LATER = "2026-03-02T10:00:00.000Z";
let t: TestPlatform;
const components = {
  ok: componentSource("return { n: params.n };", "{ n: { type: 'number' } }"),
  boom: componentSource('throw new Error("boom");', "{ n: { type: 'number' } }"),
};
const { putDefinition, schedule, job, until } = jobsClient(() => t);
const post = (body: Record<string, unknown>, token = "admin") => t.request("POST", "/resources/jobs", { token, body });
/** Where each event of a job's stream stands in the global log, by type. */
const positions = async (id: string) =>
  new Map((await t.platform.store.readStream(`job-${id}`)).map((e) => [e.type, e.globalPosition]));

beforeAll(async () => {
  t = await jobsTestPlatform(clock, { JOBS_POLL_MS: "20" });
  await install(t, appBody("work", components));
  await putDefinition("reports/daily", { componentId: "work/ok" });
  await putDefinition("other", { componentId: "work/ok" });
  await putDefinition("fails", { componentId: "work/boom" });
});
afterAll(() => t?.close());

describe("dependsOn: a job waits for the jobs it depends on", () => {
  it("runs once all it depends on succeeded (fan-out, fan-in), showing both directions", async () => {
    const a = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 1 }, runAt: LATER });
    const b = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 2 }, dependsOn: [a] });
    const c = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 3 }, dependsOn: [a] });
    const d = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 4 }, dependsOn: [b, c, b] });
    expect(await job(a)).toMatchObject({ status: "pending", dependsOn: [], dependents: [b, c] });
    expect(await job(b)).toMatchObject({ status: "waiting", dependsOn: [a], dependents: [d] });
    expect(await job(d)).toMatchObject({ status: "waiting", dependsOn: [b, c], dependents: [], cancelReason: null });
    const waiting = await json(await t.request("GET", "/resources/jobs?status=waiting", { token: "admin" }));
    expect(waiting.jobs.map((x: { jobId: string }) => x.jobId).sort()).toEqual([b, c, d].sort());
    // Nothing runs while A is not due.
    await new Promise((r) => setTimeout(r, 150));
    expect((await job(b)).status).toBe("waiting");

    clock.set(LATER);
    await until(d, "succeeded");
    for (const x of [a, b, c]) expect((await job(x)).status).toBe("succeeded");
    const [pa, pb, pc, pd] = (await Promise.all([a, b, c, d].map(positions))) as Map<string, number>[] as [
      Map<string, number>,
      Map<string, number>,
      Map<string, number>,
      Map<string, number>,
    ];
    expect(pb.get("JobStarted")!).toBeGreaterThan(pa.get("JobSucceeded")!);
    expect(pd.get("JobStarted")!).toBeGreaterThan(Math.max(pb.get("JobSucceeded")!, pc.get("JobSucceeded")!));
  });

  it("is cancelled, with the reason, when a dependency fails for good; and so is what waits for it", async () => {
    const f = await schedule({ jobDefinitionId: "fails", parameters: { n: 1 }, runAt: LATER });
    const g = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 2 }, dependsOn: [f] });
    const h = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 3 }, dependsOn: [g] });
    await until(h, "cancelled");
    expect(await job(f)).toMatchObject({ status: "failed" });
    expect(await job(g)).toMatchObject({ status: "cancelled", cancelReason: `dependency ${f} failed`, runId: null });
    expect(await job(h)).toMatchObject({ status: "cancelled", cancelReason: `dependency ${g} cancelled` });
  });

  it("is cancelled when a dependency is cancelled (DELETE)", async () => {
    const a = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 1 }, runAt: "2027-01-01T00:00:00Z" });
    const b = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 2 }, dependsOn: [a] });
    expect((await t.request("DELETE", `/resources/jobs/${a}`, { token: "admin" })).status).toBe(204);
    await until(b, "cancelled");
    expect((await job(b)).cancelReason).toBe(`dependency ${a} cancelled`);
  });

  it("answers at once for ended dependencies: pending after a success, cancelled after a failure", async () => {
    const done = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 1 } });
    const failed = await schedule({ jobDefinitionId: "fails", parameters: { n: 1 } });
    await until(done, "succeeded");
    await until(failed, "failed");
    const r1 = await post({
      jobDefinitionId: "reports/daily",
      parameters: { n: 2 },
      dependsOn: [done],
      runAt: "2027-01-01T00:00:00Z",
    });
    expect(r1.status).toBe(201);
    expect(await json(r1)).toMatchObject({ status: "pending", dependsOn: [done] });
    const r2 = await post({ jobDefinitionId: "reports/daily", parameters: { n: 3 }, dependsOn: [done, failed] });
    expect(await json(r2)).toMatchObject({ status: "cancelled", cancelReason: `dependency ${failed} failed` });
  });

  it("is carried on after a crash left it waiting on a dependency that never learned of it", async () => {
    const d = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 1 }, runAt: "2027-01-01T00:00:00Z" });
    // Appended, then the process stopped before the dependency learned of it.
    const w = randomUUID();
    const at = clock.now().toISOString();
    await t.platform.runtime.execute(
      "job",
      w,
      [
        {
          type: "schedule",
          definitionId: "reports/daily",
          parameters: { n: 2 },
          runAt: at,
          trigger: "api",
          requester: { attributes: {} },
          dependsOn: [d],
          at,
        },
      ],
      { clientId: "test" },
      { existence: "new" },
    );
    expect((await t.request("DELETE", `/resources/jobs/${d}`, { token: "admin" })).status).toBe(204);
    expect((await job(w)).status).toBe("waiting");
    expect(await settleStranded(t.platform, clock)).toBe(0);
    clock.advance(11_000);
    await settleStranded(t.platform, clock);
    expect(await job(w)).toMatchObject({ status: "cancelled", cancelReason: `dependency ${d} cancelled` });
  });

  it("shows only the related jobs its reader may read", async () => {
    const d = await schedule({ jobDefinitionId: "reports/daily", parameters: { n: 1 }, runAt: "2027-01-01T00:00:00Z" });
    const o = await schedule({ jobDefinitionId: "other", parameters: { n: 2 }, dependsOn: [d] });
    expect((await job(d)).dependents).toEqual([o]);
    expect((await job(d, "daily")).dependents).toEqual([]);
    const listed = await json(await t.request("GET", "/resources/jobs?status=pending", { token: "daily" }));
    expect(listed.jobs.find((x: { jobId: string }) => x.jobId === d).dependents).toEqual([]);
  });

  it("refuses unknown, unreadable and self dependencies (400), storing nothing", async () => {
    const hidden = await schedule({ jobDefinitionId: "other", parameters: { n: 1 }, runAt: LATER });
    const unknown = randomUUID();
    const own = randomUUID();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dependsOn: [unknown] }, "admin", `dependsOn.0: names no job you may read ('${unknown}')`],
      [{ dependsOn: [hidden] }, "daily", `dependsOn.0: names no job you may read ('${hidden}')`],
      [{ dependsOn: ["nope"] }, "admin", "dependsOn.0: must be a job id"],
      [{ jobId: own, dependsOn: [own] }, "admin", `dependsOn: makes a cycle of dependencies (${own} → ${own})`],
    ];
    for (const [extra, token, issue] of cases) {
      const r = await post({ jobDefinitionId: "reports/daily", parameters: { n: 1 }, jobId: own, ...extra }, token);
      expect(r.status).toBe(400);
      const body = await json(r);
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.details.map((x: { path: string; message: string }) => `${x.path}: ${x.message}`)).toEqual([
        issue,
      ]);
    }
    expect((await t.request("GET", `/resources/jobs/${own}`, { token: "admin" })).status).toBe(404);
    const many = Array.from({ length: 101 }, () => randomUUID());
    const r = await post({ jobDefinitionId: "reports/daily", parameters: { n: 1 }, dependsOn: many });
    expect(r.status).toBe(400);
  });
});
