import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";
import { jobServiceKey } from "./job-service.ts";
import { createJobWorker } from "./job-worker.ts";
import type { JobWorker } from "./job-worker.ts";

const url = process.env.DATABASE_URL || undefined;
const script = fileURLToPath(new URL("../testing/worker-process.ts", import.meta.url));
// A lease far longer than the wait: the job must come back because its worker's session ended.
const LEASE_S = 60;
const env = { JOBS_QUEUES: "slow", JOBS_LEASE_S: String(LEASE_S), JOBS_POLL_MS: "50", COMPONENT_TIMEOUT_MS: "20000" };

/** Two processes need one database server: PostgreSQL only (PGlite's data is one process's). */
describe.skipIf(!url)("a worker killed mid-job (kill -9)", () => {
  let t: TestPlatform;
  let child: ChildProcess | undefined;
  let survivor: JobWorker | undefined;
  beforeAll(async () => {
    t = await jobsTestPlatform(systemClock, { JOBS_QUEUES: "default", COMPONENT_TIMEOUT_MS: "20000" });
    await install(
      t,
      appBody("work", {
        slow: componentSource(
          "const end = Date.now() + params.ms; while (Date.now() < end) {} return 'done';",
          "{ ms: { type: 'number' } }",
        ),
      }),
    );
    expect(
      (
        await t.request("PUT", "/resources/job-definitions/slow", {
          token: "admin",
          body: { componentId: "work/slow", queue: "slow" },
        })
      ).status,
    ).toBe(201);
  });
  afterAll(async () => {
    child?.kill("SIGKILL");
    await survivor?.stop();
    await t?.close();
  });

  it("has its job run again by another worker within 5 s, long before its lease lapses, and finished once", {
    timeout: 60_000,
  }, async () => {
    child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, ...env, JOBS_TEST_SCHEMA: t.platform.db.schema },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on("data", (d: Buffer) => d.toString().includes("READY") && resolve());
      child!.on("exit", () => reject(new Error(`the worker process stopped: ${stderr}`)));
    });
    const r = await t.request("POST", "/resources/jobs", {
      token: "admin",
      body: { jobDefinitionId: "slow", parameters: { ms: 2500 } },
    });
    const { jobId } = (await r.json()) as { jobId: string };
    const status = async () =>
      (
        (await (await t.request("GET", `/resources/jobs/${jobId}`, { token: "admin" })).json()) as {
          status: string;
          result: unknown;
        }
      ).status;
    await expect.poll(status, { timeout: 20_000, interval: 20 }).toBe("running");

    // Another worker serves the queue too; the child holds the job, so it waits.
    survivor = createJobWorker(t.platform, systemClock, t.platform.ports.get(jobServiceKey), {
      queues: ["slow"],
      leaseMs: LEASE_S * 1000,
      pollMs: 50,
    });
    survivor.start();
    await new Promise((r) => setTimeout(r, 300));
    const { rows: held } = await t.platform.db.pool.query<{ claimed_by: string }>(
      "SELECT claimed_by FROM jobs_queue WHERE job_id = $1",
      [jobId],
    );
    expect(
      (await t.platform.db.pool.query("SELECT owner FROM jobs_workers WHERE owner = $1", [held[0]!.claimed_by])).rows,
    ).toHaveLength(1);
    const killedAt = Date.now();
    child.kill("SIGKILL");
    const started = async () =>
      (await t.platform.store.readStream(`job-${jobId}`))
        .filter((e) => e.type === "JobStarted")
        .map((e) => (e.data as { startedAt: string }).startedAt);
    await expect.poll(async () => (await started()).length, { timeout: 5000, interval: 20 }).toBe(2);
    // Not before the kill: never two workers on it at once.
    expect(Date.parse((await started())[1]!)).toBeGreaterThanOrEqual(killedAt);
    expect(Date.parse((await started())[1]!) - killedAt).toBeLessThan(5000);
    // The dead worker left the registry.
    expect(
      (await t.platform.db.pool.query("SELECT owner FROM jobs_workers WHERE owner = $1", [held[0]!.claimed_by])).rows,
    ).toEqual([]);
    await expect.poll(status, { timeout: 20_000, interval: 50 }).toBe("succeeded");
    const types = (await t.platform.store.readStream(`job-${jobId}`)).map((e) => e.type);
    expect(types).toEqual(["JobScheduled", "JobStarted", "JobStarted", "JobSucceeded"]);
  });
});
