import { rmSync } from "node:fs";
import pg from "pg";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { BENCH_CLIENT, clientToken, startService } from "../service.ts";
import { inParallel, writeNoopApp } from "../noop-app.ts";

const DEFINITIONS = Number(process.env.BENCH_SCHEDULED_DEFINITIONS ?? 10_000);
const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Schedule precision: DEFINITIONS definitions (PUT over REST) whose one cron schedule falls in
 * the same minute, run by one service process (gateway and worker) with its defaults: how
 * long after the minute the last job was created, and the last one started (the Kubernetes
 * CronJob controller looks every 10 s). The statistics they leave are read in job-statistics.
 */
const suite: BenchSuite = {
  name: "job-schedules",
  async run(ctx) {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, note?: string) =>
      rows.push({ suite: "job-schedules", metric, value, unit, ...(note ? { note } : {}) });
    const root = writeNoopApp();
    const svc = await startService(ctx.databaseUrl, { ...BENCH_CLIENT, APPS_DIR: root });
    const sql = new pg.Client({ connectionString: ctx.databaseUrl, options: `-c search_path=${svc.schema}` });
    await sql.connect();
    try {
      const token = await clientToken(svc.url);
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      // The minute all of them fall in: far enough ahead for the PUTs.
      const target = Math.ceil((Date.now() + 150_000) / MINUTE) * MINUTE;
      const at = new Date(target);
      const cron = `${at.getUTCMinutes()} ${at.getUTCHours()} * * *`;
      const t0 = Date.now();
      await inParallel(DEFINITIONS, 32, async (i) => {
        const r = await fetch(`${svc.url}/resources/job-definitions/precision/d${i}`, {
          method: "PUT",
          headers,
          body: JSON.stringify({ componentId: "bench/noop", schedules: [{ cron }] }),
        });
        if (r.status !== 201) throw new Error(`PUT job-definition: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      });
      const putRate = DEFINITIONS / ((Date.now() - t0) / 1000);
      if (Date.now() > target - 3000)
        throw new Error(
          `the ${DEFINITIONS} definitions took until ${new Date().toISOString()}, past the minute they are due in`,
        );
      row(`PUT /resources/job-definitions/{id} with a schedule, ${DEFINITIONS} over 32 connections`, putRate, "req/s");

      const count = async () =>
        (
          await sql.query<{ created: number; started: number }>(
            "SELECT count(*)::int AS created, count(started_at)::int AS started FROM jobs_jobs WHERE " +
              "trigger = 'schedule'",
          )
        ).rows[0]!;
      for (let c = await count(); c.started < DEFINITIONS; c = await count()) {
        if (Date.now() > target + 120_000)
          throw new Error(
            `two minutes after the minute: ${c.created} jobs made, ${c.started} started, of ${DEFINITIONS}`,
          );
        await sleep(250);
      }
      const { rows: r } = await sql.query<{ created: number; started: number; created50: number; started50: number }>(
        `SELECT extract(epoch FROM max(created_at) - $1::timestamptz) AS created,
                extract(epoch FROM max(started_at) - $1::timestamptz) AS started,
                extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY created_at - $1::timestamptz))
                  AS created50,
                extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY started_at - $1::timestamptz))
                  AS started50
           FROM jobs_jobs WHERE trigger = 'schedule'`,
        [at.toISOString()],
      );
      const x = r[0]!;
      row(
        `${DEFINITIONS} definitions due in the same minute: the last job created after the minute`,
        Number(x.created),
        "s",
        `median ${Number(x.created50).toFixed(2)} s; goal <= 2 s (Kubernetes CronJob looks every 10 s)`,
      );
      row(
        `${DEFINITIONS} definitions due in the same minute: the last job started after the minute`,
        Number(x.started),
        "s",
        `median ${Number(x.started50).toFixed(2)} s; goal <= 5 s`,
      );
    } finally {
      await sql.end();
      await svc.stop();
      rmSync(root, { recursive: true, force: true });
    }
    return rows;
  },
};

export default suite;
