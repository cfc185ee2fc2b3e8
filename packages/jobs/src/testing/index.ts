import { createTestPlatform, staticAuthContext } from "@platform/http/testing";
import type { StaticCaller, TestPlatform } from "@platform/http/testing";
import type { Clock } from "@platform/kernel";
import { actorsContext } from "@platform/actor-api";
import { appsContext } from "@platform/apps";
import { ordersContext } from "@platform/orders";
import { sendingsContext } from "@platform/sendings";
import { createJobsContext } from "../index.ts";
import type { JobsContextOptions } from "../index.ts";
import { checkSchedule, nextOccurrences } from "../schedule/cron.ts";
import type { CompiledSchedule, Schedule } from "../schedule/cron.ts";

/** Callers of the jobs tests, by token. */
export const jobsTestCallers: Readonly<Record<string, StaticCaller>> = {
  admin: { scope: ["*"], id: "p-admin", isOwner: true },
  ops: { scope: ["job-definitions:*", "jobs:*", "apps:*", "actors/order:create"], id: "p-ops" },
  reader: { scope: ["job-definitions:read"], id: "p-reader" },
  apps: { scope: ["apps:*", "job-definitions:read"], id: "p-apps" },
  /** May schedule and read the jobs of `reports/daily` only. */
  daily: { scope: ["jobs/reports/daily:schedule", "jobs/reports/daily:read"], id: "p-daily" },
  /** Reads every job, changes none. */
  jobsReader: { scope: ["jobs:read"], id: "p-jobs-reader" },
  /** Everything on jobs, within channelKey web. */
  web: { scope: ["jobs:*", "job-definitions:*", "actors/order:*"], id: "p-web", attributes: { channelKey: ["web"] } },
  nobody: { scope: ["job-definitions:read"], id: "p-nobody" },
  /** Reads the queues, within channelKey web; pauses none. */
  queueReader: { scope: ["job-queues:read"], id: "p-queue-reader", attributes: { channelKey: ["web"] } },
};

/** Static auth, actors, orders, sendings, apps and jobs on a fresh database, "now" from `clock`. */
export const jobsTestPlatform = (
  clock: Clock,
  env: Record<string, string> = {},
  options: Omit<JobsContextOptions, "clock"> = {},
): Promise<TestPlatform> =>
  createTestPlatform(
    [
      staticAuthContext(jobsTestCallers),
      actorsContext,
      ordersContext,
      sendingsContext,
      appsContext,
      createJobsContext({ clock, ...options }),
    ],
    env,
  );

/** The cron evaluator, for the bench: a schedule compiled (throws on a bad one), and the next occurrences. */
export const checkScheduleForBench = (schedule: Schedule, now: Date): CompiledSchedule => {
  const r = checkSchedule(schedule, "schedule", now);
  if (!r.compiled) throw new Error(JSON.stringify(r.issues));
  return r.compiled;
};
export { nextOccurrences as nextOccurrencesForBench };
