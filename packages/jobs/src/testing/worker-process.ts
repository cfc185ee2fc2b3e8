/**
 * A worker process for the kill test: boots the platform's worker side (actors, orders,
 * sendings, apps, jobs) on DATABASE_URL + JOBS_TEST_SCHEMA, serving the queues of JOBS_QUEUES
 * with JOBS_LEASE_S, and prints READY. The test SIGKILLs it mid-job.
 * Run: node --import tsx worker-process.ts
 */
import { writeSync } from "node:fs";
import { openDatabase } from "@platform/db";
import { bootPlatform, createLogger, loadConfig, startWorker } from "@platform/platform";
import { actorsContext } from "@platform/actors";
import { appsContext } from "@platform/apps";
import { ordersContext } from "@platform/orders";
import { sendingsContext } from "@platform/sendings";
import { createJobsContext } from "../index.ts";

const main = async () => {
  const db = await openDatabase({ url: process.env.DATABASE_URL, schema: process.env.JOBS_TEST_SCHEMA });
  const config = loadConfig({ ...process.env, LOG_LEVEL: "silent", ROLES: "worker" });
  const platform = await bootPlatform({ config, contexts: [actorsContext, ordersContext, sendingsContext, appsContext, createJobsContext()], log: createLogger("silent"), db });
  startWorker(platform);
  writeSync(1, "READY\n");
};

main().catch((e: unknown) => {
  writeSync(2, `${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
