import { randomBytes } from "node:crypto";
import { migrate, openDatabase } from "@platform/db";
import type { Database } from "@platform/db";

export type BenchRow = {
  readonly suite: string;
  readonly metric: string;
  readonly value: number;
  readonly unit: string;
  readonly note?: string;
};

export type BenchContext = {
  /** The PostgreSQL server the bench runs against. */
  readonly databaseUrl: string;
  /** Seconds per measured run. */
  readonly seconds: number;
  /** A fresh schema on the server, dropped at the end of the bench. */
  freshDatabase(maxConnections?: number): Promise<Database>;
  /** Results of earlier suites in this run (the raw-SQL baseline, for ratios). */
  readonly results: BenchRow[];
};

/** `onlyWhenNamed`: a long suite (the soak) runs only when asked for by name, not in a whole run. */
export type BenchSuite = {
  readonly name: string;
  readonly onlyWhenNamed?: boolean;
  run(ctx: BenchContext): Promise<BenchRow[]>;
};

export const createBenchContext = (databaseUrl: string, seconds: number) => {
  const opened: { db: Database; schema: string }[] = [];
  const ctx: BenchContext = {
    databaseUrl,
    seconds,
    results: [],
    freshDatabase: async (maxConnections = 16) => {
      const schema = `bench_${randomBytes(4).toString("hex")}`;
      const db = await openDatabase({ url: databaseUrl, schema, maxConnections });
      opened.push({ db, schema });
      await migrate(db, []);
      return db;
    },
  };
  const cleanup = async () => {
    for (const { db, schema } of opened) {
      await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await db.close().catch(() => undefined);
    }
  };
  return { ctx, cleanup };
};

/** Runs `worker` on `concurrency` loops for `seconds`; returns operations per second and latencies. */
export const runFor = async (
  seconds: number,
  concurrency: number,
  worker: (loop: number, i: number) => Promise<void>,
) => {
  const deadline = Date.now() + seconds * 1000;
  const latencies: number[] = [];
  let ops = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let i = 0; Date.now() < deadline; i++) {
        const t0 = process.hrtime.bigint();
        await worker(loop, i);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        ops++;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return { perSecond: ops / elapsed, ops, ...percentiles(latencies) };
};

/** p50, p95 and p99 of latency samples (ms). */
export const percentiles = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { p50: at(50), p95: at(95), p99: at(99) };
};

export const peakRssMiB = () => process.resourceUsage().maxRSS / 1024;
