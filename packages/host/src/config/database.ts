import * as v from "valibot";
import { type Env, int, readEnv, refuse, url } from "./env.ts";

const entries = {
  DATA_DIR: v.optional(v.string(), "./data"),
  PGLITE_SHARED_BUFFERS: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,6}(kB|MB|GB)$/, "must be a size such as 16MB (kB, MB or GB)")),
    "16MB",
  ),
  PGLITE_VACUUM_INTERVAL_MS: v.optional(int(1000, 604_800_000), "3600000"),
  DATABASE_URL: v.optional(url(["postgres", "postgresql"])),
  DATABASE_DIRECT_URL: v.optional(url(["postgres", "postgresql"])),
  DATABASE_READ_URLS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.check((list) => list.every(isPostgresUrl), "must be postgres:// URLs separated by commas"),
    ),
  ),
  DATABASE_READ_MAX_LAG_MS: v.optional(int(0, 3_600_000), "1000"),
  DATABASE_READ_WAIT_MS: v.optional(int(0, 60_000), "500"),
  EVENTSTORE_URL: v.optional(url(["kurrentdb", "esdb", "kurrentdb+discover", "esdb+discover"])),
  FOLLOWER_LEASE: v.optional(v.picklist(["auto", "time"], "must be auto or time"), "auto"),
};

/** Where the data lives: the embedded engine in DATA_DIR, or PostgreSQL (and KurrentDB for the events). */
const isPostgresUrl = (s: string) => {
  try {
    return ["postgres:", "postgresql:"].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

export type DatabaseConfig = {
  readonly dataDir: string;
  /** The embedded engine's buffer pool (PostgreSQL's shared_buffers), resident for good once used. */
  readonly pgliteSharedBuffers: string;
  /**
   * How often the worker vacuums the embedded engine's tables (it has no autovacuum); the tables an erasure touched,
   * soon after it too.
   */
  readonly pgliteVacuumIntervalMs: number;
  readonly databaseUrl: string | undefined;
  /**
   * The database without the pooler, when DATABASE_URL goes through one in transaction mode (PgBouncer): LISTEN,
   * the session locks of leases and session settings connect here; statements on DATABASE_URL then go unnamed.
   */
  readonly databaseDirectUrl: string | undefined;
  /**
   * Hot standbys (DATABASE_READ_URLS): the API's GETs read there, from one that has replayed the caller's last write
   * and lags by at most `readMaxLagMs`, waiting up to `readWaitMs` for one, else on the primary.
   */
  readonly databaseReadUrls: readonly string[];
  readonly readMaxLagMs: number;
  readonly readWaitMs: number;
  readonly eventStoreUrl: string | undefined;
  /**
   * How the worker leases its projections and reactors: "auto" (a session lock on PostgreSQL,
   * released when the process dies; the embedded engine's one process takes them at start) or
   * "time" (a 15 s lease, for a database behind a pooler in transaction mode).
   */
  readonly followerLease: "auto" | "time";
};

export const parseDatabaseConfig = (env: Env): DatabaseConfig => {
  const e = readEnv(entries, env);
  refuse([
    ...(e.DATABASE_DIRECT_URL && !e.DATABASE_URL ? ["DATABASE_DIRECT_URL: needs DATABASE_URL (the pooler's)"] : []),
    ...(e.DATABASE_READ_URLS?.length && !e.DATABASE_URL
      ? ["DATABASE_READ_URLS: needs DATABASE_URL (the primary)"]
      : []),
  ]);
  return {
    dataDir: e.DATA_DIR,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteVacuumIntervalMs: e.PGLITE_VACUUM_INTERVAL_MS,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReadUrls: e.DATABASE_READ_URLS ?? [],
    readMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    readWaitMs: e.DATABASE_READ_WAIT_MS,
    eventStoreUrl: e.EVENTSTORE_URL,
    followerLease: e.FOLLOWER_LEASE,
  };
};
