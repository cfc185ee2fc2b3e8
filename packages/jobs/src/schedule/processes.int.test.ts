import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@platform/kernel";
import type { TestPlatform } from "@platform/http/testing";
import { appBody, componentSource, install } from "@platform/apps/testing";
import { jobsTestPlatform } from "../testing/index.ts";

const url = process.env.DATABASE_URL || undefined;
const script = fileURLToPath(new URL("../testing/worker-process.ts", import.meta.url));
const SPEED = 30; // one minute every 2 s

const startProcess = (schema: string, clock: string) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, JOBS_TEST_SCHEMA: schema, JOBS_TEST_CLOCK: clock, JOBS_QUEUES: "unserved" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("READY") && resolve(child));
    child.on("exit", () => reject(new Error(`a scheduler process stopped: ${stderr}`)));
  });

/** Two processes need one database server: PostgreSQL only. */
describe.skipIf(!url)("two scheduler processes on one PostgreSQL", () => {
  let t: TestPlatform;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    t = await jobsTestPlatform(fixedClock("2026-03-02T09:00:00Z"), { JOBS_QUEUES: "default" }, { scheduler: false });
    await install(t, appBody("work", { noop: componentSource("return null;") }));
    const body = {
      componentId: "work/noop",
      queue: "held",
      schedules: [{ cron: "* * * * *" }],
      scheduleConcurrency: "allow",
    };
    expect((await t.request("PUT", "/resources/job-definitions/every-minute", { token: "admin", body })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    for (const c of children) c.kill("SIGKILL");
    await t?.close();
  });

  it("make exactly one job per occurrence, none missed", { timeout: 60_000 }, async () => {
    const clock = `2026-03-02T09:00:30.000Z,${Date.now() + 3000},${SPEED}`;
    children.push(
      ...(await Promise.all([startProcess(t.platform.db.schema, clock), startProcess(t.platform.db.schema, clock)])),
    );
    const runAts = async () =>
      (
        (await (
          await t.request("GET", "/resources/jobs?jobDefinitionId=every-minute&limit=100", { token: "admin" })
        ).json()) as { jobs: { runAt: string }[] }
      ).jobs
        .map((j) => j.runAt)
        .sort();
    await expect
      .poll(async () => (await runAts()).length, { timeout: 40_000, interval: 200 })
      .toBeGreaterThanOrEqual(4);
    for (const c of children) c.kill("SIGKILL");
    const seen = await runAts();
    expect(new Set(seen).size).toBe(seen.length);
    const minutes = seen.map((s) => Date.parse(s) / 60_000);
    expect(minutes).toEqual(minutes.map((_, i) => minutes[0]! + i));
    expect(seen.every((s) => s.endsWith(":00.000Z"))).toBe(true);
  });
});
