import pg from "pg";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { percentiles } from "../harness.ts";
import { BENCH_CLIENT, clientToken, startService } from "../service.ts";
import { writeNoopApp } from "../noop-app.ts";
import { rmSync } from "node:fs";

const HOURLY_DEFINITIONS = 1_000;
/** As many as job-schedules makes due in one minute: each leaves one bucket in the last hour. */
const MINUTE_DEFINITIONS = 10_000;

/**
 * GET /resources/jobs/statistics, one request at a time, on a table as the projection leaves it
 * (written straight into it): 30 days of hourly buckets of 1,000 definitions (720,000 rows), and
 * one bucket in the current minute of each of 10,000 more (a minute of job-schedules' load).
 * Each figure beside a plain GET of a definition of the same service.
 */
const suite: BenchSuite = {
  name: "job-statistics",
  async run(ctx) {
    const rows: BenchRow[] = [];
    const root = writeNoopApp();
    const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT, APPS_DIR: root });
    const sql = new pg.Client({ connectionString: ctx.databaseUrl, options: `-c search_path=${svc.schema}` });
    await sql.connect();
    try {
      const token = await clientToken(svc.url);
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      const now = Date.now();
      await sql.query(
        `INSERT INTO jobs_statistics (definition_id, bucket_time, channel_key, scheduled, successful, failed, timed,
                                      total_execution, min_execution, max_execution)
         SELECT 'stats/d' || d, date_trunc('hour', now()) - make_interval(hours => h), '', 60, 59, 1, 60,
                60 * (d % 50), d % 50, d % 50 + 10
           FROM generate_series(0, $1 - 1) d, generate_series(0, 30 * 24 - 1) h
         UNION ALL
         SELECT 'precision/d' || d, date_trunc('minute', now()), '', 1, 1, 0, 1, d % 50, d % 50, d % 50
           FROM generate_series(0, $2 - 1) d`,
        [HOURLY_DEFINITIONS, MINUTE_DEFINITIONS],
      );
      await sql.query("ANALYZE jobs_statistics");
      const get = async (query: string) => {
        const t = process.hrtime.bigint();
        const res = await fetch(
          query.startsWith("/") ? `${svc.url}${query}` : `${svc.url}/resources/jobs/statistics${query}`,
          { headers },
        );
        if (res.status !== 200) throw new Error(`GET statistics: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as unknown;
        const n = Array.isArray(body) ? body.length : 1;
        return { ms: Number(process.hrtime.bigint() - t) / 1e6, n };
      };
      const from30 = new Date(now - 30 * 86_400_000).toISOString();
      const total = HOURLY_DEFINITIONS * 720 + MINUTE_DEFINITIONS;
      for (const [label, query] of [
        [
          "baseline: GET /resources/job-definitions/{id} of the same service",
          () => "/resources/job-definitions/apps/bench/noop",
        ],
        [
          "one definition over 30 days",
          () => `?jobDefinitionId=stats/d${Math.floor(Math.random() * HOURLY_DEFINITIONS)}&from=${from30}`,
        ],
        ["every definition, the last hour (default to)", () => `?from=${new Date(now - 3_600_000).toISOString()}`],
      ] as const) {
        for (let i = 0; i < 20; i++) await get(query());
        const samples: number[] = [];
        let n = 0;
        for (let i = 0; i < 200; i++) {
          const s = await get(query());
          samples.push(s.ms);
          n = s.n;
        }
        rows.push({
          suite: "job-statistics",
          metric: label.startsWith("baseline")
            ? label
            : `GET /resources/jobs/statistics, ${label} (${n} buckets; ${total} in the table)`,
          value: percentiles(samples).p95,
          unit: "ms p95",
          note:
            `p50 ${percentiles(samples).p50.toFixed(1)} ms; ` +
            (label.startsWith("baseline") ? "the baseline of the next rows" : "goal < 50 ms"),
        });
      }
    } finally {
      await sql.end();
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
    return rows;
  },
};

export default suite;
