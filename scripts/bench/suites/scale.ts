import pg from "pg";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { httpClient } from "../http-client.ts";
import { writeNoopApp } from "../noop-app.ts";
import { offerLoad } from "../open-loop.ts";
import { postgresCpuSeconds, processCpuSeconds } from "../postgres-cpu.ts";
import { BENCH_CLIENT, clientToken, schemaUrl, startService } from "../service.ts";
import type { RunningService } from "../service.ts";
import { createOrder } from "./orders.ts";

/** The offered load of each kind, the same for every number of gateways (BENCH_SCALE_RATES=creates,reads,jobs). */
const [CREATES, READS, JOBS] = (process.env.BENCH_SCALE_RATES ?? "100,300,100").split(",").map(Number) as [
  number,
  number,
  number,
];
const GATEWAYS = [1, 2, 4];

type Kind = "creates" | "reads" | "jobs";

/**
 * `npm run bench -- scale`: the cost model. One worker process and up to four gateway processes (ROLES) on one
 * database; for 1, 2 and 4 gateways, a fixed offered load of order creates, order list reads and no-op jobs, each
 * alone, sent round robin over the gateways. For each: what was served a second, p99 from each request's scheduled
 * time, and the CPU per request of PostgreSQL (every postgres process on this machine) and of the service's
 * processes, less what they use at rest. Jobs count until the last one has run, so their CPU includes the
 * worker's runs.
 */
const suite: BenchSuite = {
  name: "scale",
  onlyWhenNamed: true,
  async run(ctx) {
    const apps = writeNoopApp();
    const env = { ...BENCH_CLIENT, APPS_DIR: apps };
    const running: RunningService[] = [];
    const worker = await startService(ctx.databaseUrl, { ...env, ROLES: "worker" }, { waitForListening: false });
    running.push(worker);
    const sql = new pg.Client({ connectionString: schemaUrl(ctx.databaseUrl, worker.schema).toString() });
    try {
      for (let i = 0; i < Math.max(...GATEWAYS); i++)
        running.push(await startService(ctx.databaseUrl, { ...env, ROLES: "gateway" }, { schema: worker.schema }));
      const gateways = running.slice(1);
      await sql.connect();
      const token = await clientToken(gateways[0]!.url);
      const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      const clients = gateways.map((g) => httpClient(g.url, 64));
      const rows: BenchRow[] = [];
      const send: Record<Kind, (n: number) => (i: number) => Promise<boolean>> = {
        creates: (n) => async (i) =>
          (await clients[i % n]!.request("POST", "/resources/actors/order/new", headers, JSON.stringify(createOrder())))
            .status === 200,
        reads: (n) => async (i) =>
          (await clients[i % n]!.request("GET", "/resources/orders?limit=20", headers)).status === 200,
        jobs: (n) => async (i) =>
          (
            await clients[i % n]!.request(
              "POST",
              "/resources/jobs",
              headers,
              JSON.stringify({ jobDefinitionId: "apps/bench/noop", parameters: {} }),
            )
          ).status === 201,
      };
      const rate: Record<Kind, number> = { creates: CREATES, reads: READS, jobs: JOBS };
      // Warm every gateway (pools, JIT, the sandbox's snapshot) and leave orders to list.
      for (const kind of ["creates", "reads", "jobs"] as const) await offerLoad(200, 2, send[kind](gateways.length));
      // What the processes cost at rest (polling, leases, the replica-free idle of each): taken off each run's CPU.
      const pids = running.map((p) => p.pid);
      const [idleDb0, idleSvc0, idle0] = [postgresCpuSeconds(), processCpuSeconds(pids), performance.now()];
      await new Promise((r) => setTimeout(r, ctx.seconds * 1000));
      const idleSeconds = (performance.now() - idle0) / 1000;
      const idle = {
        db: (postgresCpuSeconds() - idleDb0) / idleSeconds,
        svc: (processCpuSeconds(pids) - idleSvc0) / idleSeconds,
      };
      rows.push(
        {
          suite: "scale",
          metric: "at rest: PostgreSQL CPU",
          value: idle.db * 1000,
          unit: "ms/s",
          note: "taken off below",
        },
        {
          suite: "scale",
          metric: "at rest: service CPU",
          value: idle.svc * 1000,
          unit: "ms/s",
          note: "taken off below",
        },
      );
      for (const n of GATEWAYS) {
        for (const kind of ["creates", "reads", "jobs"] as const) {
          await sql.query("DELETE FROM jobs_jobs WHERE status = 'succeeded'");
          const [db0, svc0, t0] = [postgresCpuSeconds(), processCpuSeconds(pids), performance.now()];
          const r = await offerLoad(rate[kind], ctx.seconds, send[kind](n));
          if (kind === "jobs") await untilJobsDone(sql, Math.round(rate.jobs * ctx.seconds));
          const [db1, svc1] = [postgresCpuSeconds(), processCpuSeconds(pids)];
          const elapsed = (performance.now() - t0) / 1000;
          const served = Math.round(rate[kind] * ctx.seconds) - r.failed;
          const perRequest = (used: number, atRest: number) =>
            (Math.max(0, used - atRest * elapsed) * 1000) / Math.max(1, served);
          const label = `${kind}, ${n} gateway${n > 1 ? "s" : ""}`;
          const note = `offered ${rate[kind]}/s${r.failed ? `, ${r.failed} refused` : ""}`;
          rows.push(
            { suite: "scale", metric: `${label}: served`, value: r.perSecond, unit: "req/s", note },
            { suite: "scale", metric: `${label}: p99`, value: r.p99, unit: "ms", note: `p50 ${r.p50.toFixed(1)} ms` },
            {
              suite: "scale",
              metric: `${label}: PostgreSQL CPU`,
              value: perRequest(db1 - db0, idle.db),
              unit: "ms/req",
            },
            {
              suite: "scale",
              metric: `${label}: service CPU`,
              value: perRequest(svc1 - svc0, idle.svc),
              unit: "ms/req",
            },
          );
        }
      }
      for (const c of clients) c.close();
      return rows;
    } finally {
      await sql.end().catch(() => undefined);
      for (const p of running.slice(1)) await p.stop();
      await worker.stop();
    }
  },
};

/** Waits until `n` jobs have succeeded since the last cleanup (at most a minute). */
const untilJobsDone = async (sql: pg.Client, n: number) => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await sql.query<{ done: number }>(
      "SELECT count(*)::int AS done FROM jobs_jobs WHERE status = 'succeeded'",
    );
    if (rows[0]!.done >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${rows[0]!.done} of ${n} jobs ran within a minute`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

export default suite;
