import * as v from "valibot";
import { type Env, bool, int, readEnv } from "./env.ts";

const entries = {
  APPS_DIR: v.optional(v.string(), "./apps"),
  COMPONENT_TIMEOUT_MS: v.optional(int(10, 600_000), "2000"),
  COMPONENT_MEMORY_MB: v.optional(int(16, 4096), "64"),
  COMPONENT_WORKERS: v.optional(int(1, 256)),
  COMPONENT_SNAPSHOTS: v.optional(bool, "true"),
  COMPONENT_SNAPSHOT_MB: v.optional(int(1, 4096), "32"),
  INGRESS_RATE_PER_MINUTE: v.optional(int(0), "0"),
  APPS_RECORD_RUNS: v.optional(v.picklist(["failed", "all", "none"], "must be failed, all or none"), "failed"),
  APPS_RUN_RECORDS_DAYS: v.optional(int(1, 3650), "7"),
};

/** Apps: where their folders are, the component sandbox's limits, the ingress rate. */
export type AppsConfig = {
  readonly appsDir: string;
  /** Limits of the component sandbox (@platform/sandbox); workers defaults to the CPU count, at least 2. */
  readonly components: {
    readonly timeoutMs: number;
    readonly memoryMb: number;
    readonly workers: number | undefined;
    /**
     * Each run restores a snapshot taken after the component's module was evaluated (false: a fresh context per run).
     */
    readonly snapshots: boolean;
    /** Snapshots each sandbox thread keeps (MiB). */
    readonly snapshotMb: number;
  };
  /** Requests per minute each ingress accepts in this process; 0 = no limit. */
  readonly ingressRatePerMinute: number;
  /**
   * Which component runs are recorded for replay (input, ctx calls and answers, seed, clock, logs): the failed ones
   * (default), all, or none; and for how many days.
   */
  readonly runRecords: { readonly record: "failed" | "all" | "none"; readonly days: number };
};

export const parseAppsConfig = (env: Env): AppsConfig => {
  const e = readEnv(entries, env);
  return {
    appsDir: e.APPS_DIR,
    components: {
      timeoutMs: e.COMPONENT_TIMEOUT_MS,
      memoryMb: e.COMPONENT_MEMORY_MB,
      workers: e.COMPONENT_WORKERS,
      snapshots: e.COMPONENT_SNAPSHOTS,
      snapshotMb: e.COMPONENT_SNAPSHOT_MB,
    },
    ingressRatePerMinute: e.INGRESS_RATE_PER_MINUTE,
    runRecords: { record: e.APPS_RECORD_RUNS, days: e.APPS_RUN_RECORDS_DAYS },
  };
};
