/**
 * A delivering process for the kill test: boots the platform (IAM, orders, subscriptions) on
 * DATABASE_URL + DELIVERER_SCHEMA and runs its worker tasks, the subscriptions' deliverer
 * among them, printing READY once started. The test SIGKILLs it mid-delivery.
 * Run: node --import tsx deliverer-process.ts
 */
import { writeSync } from "node:fs";
import { openDatabase } from "@platform/db";
import { bootPlatform, createLogger, loadConfig, startWorker } from "@platform/host";
import { testContexts } from "./fixtures.ts";

const main = async () => {
  const db = await openDatabase({ url: process.env.DATABASE_URL!, schema: process.env.DELIVERER_SCHEMA });
  const config = loadConfig({
    LOG_LEVEL: process.env.DELIVERER_LOG ?? "silent",
    OUTBOUND_ALLOW_PRIVATE: "true",
    DATA_KEY: process.env.DELIVERER_DATA_KEY!,
    SUBSCRIPTIONS_RETRY_BASE_MS: "20",
  });
  const platform = await bootPlatform({ config, contexts: testContexts(), log: createLogger(config.logLevel), db });
  startWorker(platform);
  writeSync(1, "READY\n");
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
