import { rmSync } from "node:fs";
import pg from "pg";
import type { Database } from "@platform/db";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, clientToken, startService } from "../service.ts";
import { inParallel, writeNoopApp } from "../noop-app.ts";

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
/** The worker process's JOBS_CONCURRENCY, and the raw baseline's claim batch. */
const CONCURRENCY = Number(process.env.BENCH_JOBS_CONCURRENCY ?? 32);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The raw-SQL yardstick: the same number of rows inserted in bulk (1,000 a statement), then
 * claimed with FOR UPDATE SKIP LOCKED and completed, a batch of `batch` per round trip, by
 * `loops` connections, as a lean queue table would be (no events, no read model, no sandbox).
 */
const rawQueue = async (db: Database, n: number, batch: number, loops: number): Promise<number> => {
  await db.pool.query(`CREATE TABLE raw_jobs (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), payload jsonb NOT NULL,
    run_at timestamptz NOT NULL DEFAULT now(), status text NOT NULL DEFAULT 'pending', locked_by text,
    started_at timestamptz, finished_at timestamptz, result jsonb)`);
  await db.pool.query("CREATE INDEX raw_jobs_due ON raw_jobs (run_at) WHERE status = 'pending'");
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i += 1000)
    await db.pool.query(
      "INSERT INTO raw_jobs (payload) SELECT jsonb_build_object('n', g) FROM generate_series($1::int, $2::int) g",
      [i, Math.min(n, i + 1000) - 1],
    );
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (;;) {
        const { rows } = await db.pool.query<{ id: string }>(
          `UPDATE raw_jobs SET status = 'running', locked_by = $1, started_at = now()
            WHERE id IN (SELECT id FROM raw_jobs WHERE status = 'pending' AND run_at <= now()
                          ORDER BY run_at LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING id`,
          [`loop-${loop}`, batch],
        );
        if (rows.length === 0) return;
        await db.pool.query(
          "UPDATE raw_jobs SET status = 'succeeded', finished_at = now(), result = 'null' WHERE id = ANY($1::uuid[])",
          [rows.map((r) => r.id)],
        );
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const { rows } = await db.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM raw_jobs WHERE status = 'succeeded'",
  );
  if (rows[0]!.n !== n) throw new Error(`raw baseline completed ${rows[0]!.n} of ${n}`);
  return n / seconds;
};

/**
 * Jobs through the real service on PostgreSQL: a backlog of no-op jobs scheduled over REST
 * (32 connections) while no worker serves their queue; then that process stops and one
 * process of the service (gateway and worker, as `npm start`) runs the backlog: jobs/s from
 * the first start to the last finish (its start-up left out), beside the raw-SQL queue of the
 * same number of rows measured in the same run.
 */
const suite: BenchSuite = {
  name: "job-runs",
  async run(ctx) {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, note?: string) =>
      rows.push({ suite: "job-runs", metric, value, unit, ...(note ? { note } : {}) });

    const rawDb = await ctx.freshDatabase(CONCURRENCY + 2);
    const raw = await rawQueue(rawDb, JOBS, CONCURRENCY, 1);
    row(
      `raw SQL queue: insert + claim + complete, ${JOBS} rows, batches of ${CONCURRENCY}, one connection`,
      raw,
      "jobs/s",
      "the baseline of the rows below",
    );

    const root = writeNoopApp();
    // The service does not serve the default queue: the backlog waits for the worker process.
    const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT, APPS_DIR: root, JOBS_QUEUES: "elsewhere" });
    const sql = new pg.Client({ connectionString: ctx.databaseUrl, options: `-c search_path=${svc.schema}` });
    await sql.connect();
    let stopped = false;
    try {
      const token = await clientToken(svc.url);
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      const t0 = process.hrtime.bigint();
      await inParallel(JOBS, 32, async () => {
        const r = await fetch(`${svc.url}/resources/jobs`, {
          method: "POST",
          headers,
          body: JSON.stringify({ jobDefinitionId: "apps/bench/noop", parameters: {} }),
        });
        if (r.status !== 201) throw new Error(`POST /resources/jobs: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      });
      const created = JOBS / (Number(process.hrtime.bigint() - t0) / 1e9);
      row(`POST /resources/jobs, ${JOBS} jobs over 32 connections (no worker serving them)`, created, "jobs/s");

      // The backlog's owner stops; one process of the service (gateway and worker, as `npm start`) takes over and runs
      // it.
      await svc.stop({ keepSchema: true });
      stopped = true;
      const worker = await startService(
        ctx.databaseUrl,
        { APPS_DIR: root, JOBS_CONCURRENCY: String(CONCURRENCY) },
        { schema: svc.schema },
      );
      try {
        const deadline = Date.now() + 600_000;
        for (;;) {
          const { rows: r } = await sql.query<{ done: number; failed: number }>(
            "SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS done, count(*) FILTER (WHERE " +
              "status = 'failed')::int AS failed FROM jobs_jobs",
          );
          if (r[0]!.failed > 0) throw new Error(`${r[0]!.failed} jobs failed`);
          if (r[0]!.done >= JOBS) break;
          if (Date.now() > deadline) throw new Error(`only ${r[0]!.done} of ${JOBS} jobs ran in 10 minutes`);
          await sleep(200);
        }
        const { rows: span } = await sql.query<{ ms: number }>(
          "SELECT extract(epoch FROM max(finished_at) - min(started_at)) * 1000 AS ms FROM jobs_jobs",
        );
        const rate = JOBS / (Number(span[0]!.ms) / 1000);
        row(
          `jobs run by one service process (no-op component, JOBS_CONCURRENCY=${CONCURRENCY}), ` +
            "first start to last finish",
          rate,
          "jobs/s",
          `${((rate / raw) * 100).toFixed(0)}% of the raw queue; goal >= 1,500 jobs/s; ` +
            `worker peak RSS ${worker.peakRssMiB().toFixed(0)} MiB`,
        );
      } finally {
        await worker.stop();
      }
    } finally {
      if (stopped) await sql.query(`DROP SCHEMA IF EXISTS "${svc.schema}" CASCADE`);
      await sql.end();
      if (!stopped) await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
    return rows;
  },
};

export default suite;
