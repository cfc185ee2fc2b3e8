import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobsClient } from "../testing/jobs-client.ts";
import { busyComponent, keyedSpans, maxOverlap } from "../testing/limit-spans.ts";

const url = process.env.DATABASE_URL || undefined;
const script = fileURLToPath(new URL("../testing/worker-process.ts", import.meta.url));

/** Two processes need one database server: PostgreSQL only (PGlite's data is one process's). */
describe.skipIf(!url)("limits per key across two worker processes", () => {
  let t: TestPlatform;
  const children: ChildProcess[] = [];
  const { putDefinition, job, until } = jobsClient(() => t);

  const startWorker = async () => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: {
        ...process.env,
        JOBS_QUEUES: "limited",
        JOBS_POLL_MS: "20",
        JOBS_CONCURRENCY: "6",
        JOBS_TEST_SCHEMA: t.platform.db.schema,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => d.toString().includes("READY") && resolve());
      child.on("exit", () => reject(new Error(`the worker process stopped: ${stderr}`)));
    });
  };

  beforeAll(async () => {
    // This process serves only the default queue: the two children run every limited job.
    t = await jobsTestPlatform(systemClock, { JOBS_QUEUES: "default" });
    await install(t, appBody("work", { busy: busyComponent }));
    const limited = { componentId: "work/busy", queue: "limited" };
    await putDefinition("two-each", { ...limited, limit: { key: "customer", concurrency: 2 } });
    await putDefinition("five-a-minute", { ...limited, limit: { key: "customer", perMinute: 5 } });
    await Promise.all([startWorker(), startWorker()]);
  }, 60_000);
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    await t?.close();
  });

  const batch = async (jobs: unknown[]): Promise<string[]> => {
    const r = await t.request("POST", "/resources/jobs/batch", { token: "admin", body: { jobs } });
    expect(r.status).toBe(201);
    return ((await r.json()) as { jobs: { jobId: string }[] }).jobs.map((x) => x.jobId);
  };

  it("runs at most `concurrency` jobs of a key at once in both processes together, using both slots", {
    timeout: 60_000,
  }, async () => {
    const ids = await batch(
      Array.from({ length: 24 }, (_, i) => ({
        jobDefinitionId: "two-each",
        parameters: { customer: i % 2 ? "a" : "b", ms: 60 },
      })),
    );
    for (const id of ids) await until(id, "succeeded");
    const spans = await keyedSpans(t, ids);
    expect(maxOverlap(spans.filter((s) => s.key === '"a"'))).toBe(2);
    expect(maxOverlap(spans.filter((s) => s.key === '"b"'))).toBe(2);
    expect(maxOverlap(spans)).toBeGreaterThan(2);
  });

  it("starts at most `perMinute` jobs of a key in a minute in both processes together", {
    timeout: 60_000,
  }, async () => {
    const ids = await batch(
      Array.from({ length: 8 }, () => ({ jobDefinitionId: "five-a-minute", parameters: { customer: "a", ms: 1 } })),
    );
    const other = await batch([{ jobDefinitionId: "five-a-minute", parameters: { customer: "b", ms: 1 } }]);
    await until(other[0]!, "succeeded");
    const statuses = async () => (await Promise.all(ids.map((id) => job(id)))).map((j) => j.status as string);
    await expect.poll(async () => (await statuses()).filter((s) => s === "succeeded").length).toBe(5);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await statuses()).filter((s) => s === "succeeded")).toHaveLength(5);
  });
});
