import { availableParallelism } from "node:os";
import * as v from "valibot";
import { type Env, int, readEnv } from "./env.ts";

const entries = {
  RETENTION_JOBS_DAYS: v.optional(int(-1), "14"),
  JOBS_QUEUES: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^\s*[A-Za-z0-9._~-]{1,64}(\s*,\s*[A-Za-z0-9._~-]{1,64})*\s*$/,
        "must be queue names (A-Z a-z 0-9 . _ ~ -) separated by commas",
      ),
    ),
  ),
  JOBS_LEASE_S: v.optional(int(1, 86_400), "30"),
  JOBS_POLL_MS: v.optional(int(10, 600_000), "1000"),
  JOBS_CONCURRENCY: v.optional(int(1, 1024)),
};

export type JobsConfig = {
  readonly retentionJobsDays: number;
  /**
   * The job workers of this process: the queues they serve (undefined = every queue), the lease
   * of a running job (renewed while it runs; a lost worker's job runs again once it lapses), how
   * often they look for due jobs besides being woken, and how many jobs run at once here.
   */
  readonly jobs: {
    readonly queues: readonly string[] | undefined;
    readonly leaseS: number;
    readonly pollMs: number;
    readonly concurrency: number;
  };
};

/**
 * Jobs one process runs at once when JOBS_CONCURRENCY is unset: 128 per core, at most 256. A
 * job waiting on the database holds no thread (a sandbox thread parks it and runs another), so a
 * process keeps its cores busy only with many jobs in flight; and the more a claim takes, the
 * fewer statements and commits each job costs (`npm run bench -- job-peers`: 64 in flight ran
 * about 1,900 no-op jobs a second on 2 cores, 256 about 2,500–3,000, 512 no more).
 */
const defaultJobsConcurrency = (): number => Math.min(256, 128 * Math.max(1, availableParallelism()));

export const parseJobsConfig = (env: Env): JobsConfig => {
  const e = readEnv(entries, env);
  return {
    retentionJobsDays: e.RETENTION_JOBS_DAYS,
    jobs: {
      queues: e.JOBS_QUEUES?.split(",").map((q) => q.trim()),
      leaseS: e.JOBS_LEASE_S,
      pollMs: e.JOBS_POLL_MS,
      concurrency: e.JOBS_CONCURRENCY ?? defaultJobsConcurrency(),
    },
  };
};
