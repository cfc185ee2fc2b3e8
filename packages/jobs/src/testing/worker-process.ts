/**
 * A worker process for the kill test: boots the platform's worker side (actors, orders,
 * sendings, apps, jobs, and the tests' static callers, who answer for the makers of its runs) on DATABASE_URL +
 * JOBS_TEST_SCHEMA, serving the queues of JOBS_QUEUES
 * with JOBS_LEASE_S, and prints READY. The test SIGKILLs it mid-job. JOBS_TEST_CLOCK
 * `<base>,<epoch>,<speed>` runs its clock fast (every process given the same one agrees on
 * "now": base + (real now - epoch) * speed), with the scheduler passing every 20 ms.
 * Run: node --import tsx worker-process.ts
 */
import { writeSync } from "node:fs";
import { openDatabase } from "@platform/db";
import { bootPlatform, createLogger, loadConfig, startWorker } from "@platform/host";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { ordersContext } from "@platform/orders";
import { sendingsContext } from "@platform/sendings";
import { staticAuthContext } from "@platform/http/testing";
import { createJobsContext } from "../index.ts";
import { jobsTestCallers } from "./index.ts";

const main = async () => {
  const db = await openDatabase({ url: process.env.DATABASE_URL, schema: process.env.JOBS_TEST_SCHEMA });
  const config = loadConfig({ ...process.env, LOG_LEVEL: "silent", ROLES: "worker" });
  const [base, epoch, speed] = (process.env.JOBS_TEST_CLOCK ?? "").split(",");
  const fast = base
    ? {
        clock: { now: () => new Date(Date.parse(base) + (Date.now() - Number(epoch)) * Number(speed)) },
        schedulerIntervalMs: 20,
      }
    : {};
  const jobs = createJobsContext(fast);
  const platform = await bootPlatform({
    config,
    contexts: [staticAuthContext(jobsTestCallers), actorsContext, ordersContext, sendingsContext, appsContext, jobs],
    log: createLogger("silent"),
    db,
  });
  startWorker(platform);
  writeSync(1, "READY\n");
};

main().catch((e: unknown) => {
  writeSync(2, `${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
