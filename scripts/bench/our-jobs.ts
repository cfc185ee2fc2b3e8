import { rmSync } from "node:fs";
import pg from "pg";
import { BENCH_CLIENT, clientToken, startService } from "./service.ts";
import { inParallel, writeNoopApp } from "./noop-app.ts";
import { httpClient } from "./http-client.ts";
import { postgresCpuSeconds, processCpuSeconds } from "./postgres-cpu.ts";

export type JobsOutcome = {
  jobsPerSecond: number;
  sendSeconds: number;
  lagSeconds: number;
  /** CPU per job (ms), from the first send until the last job was seen done: PostgreSQL's and the service's. */
  postgresCpuMs: number;
  serviceCpuMs: number;
};

/**
 * Our jobs measured the way job-peers measures the peers: one service process (gateway and
 * worker, as `npm start`) with its default configuration runs a no-op component's jobs while
 * `senders` loops schedule `n` of them through `POST /resources/jobs`, one awaited request at
 * a time; first request to the last job's `finished_at`. Every job is an audited, sandboxed
 * run: its events in the journal, its row in the list, its component in QuickJS.
 */
export const measureOurJobs = async (
  databaseUrl: string,
  n: number,
  senders: number,
  env: Record<string, string> = {},
): Promise<JobsOutcome> => {
  const root = writeNoopApp();
  const svc = await startService(databaseUrl, { ...BENCH_CLIENT, APPS_DIR: root, ...env });
  const sql = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${svc.schema}` });
  await sql.connect();
  try {
    const token = await clientToken(svc.url);
    const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
    const client = httpClient(svc.url, senders);
    const body = JSON.stringify({ jobDefinitionId: "apps/bench/noop", parameters: {} });
    const post = async () => {
      const r = await client.request("POST", "/resources/jobs", headers, body);
      if (r.status !== 201) throw new Error(`POST /resources/jobs: ${r.status} ${r.body}`);
    };
    // Warm: the sandbox threads and their snapshot of the component, the pools, the JIT.
    await inParallel(200, senders, post);
    await sql.query("DELETE FROM jobs_jobs");
    const cpu0 = [postgresCpuSeconds(), processCpuSeconds([svc.pid])];
    const t0 = Date.now();
    await inParallel(n, senders, post);
    const sent = Date.now();
    client.close();
    const deadline = sent + 300_000;
    for (;;) {
      const { rows } = await sql.query<{ done: number; failed: number }>(
        "SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS done, count(*) FILTER (WHERE " +
          "status = 'failed')::int AS failed FROM jobs_jobs",
      );
      if (rows[0]!.failed > 0) throw new Error(`${rows[0]!.failed} jobs failed`);
      if (rows[0]!.done >= n) break;
      if (Date.now() > deadline)
        throw new Error(`only ${rows[0]!.done} of ${n} jobs ran in 5 minutes after the last send`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const cpu = [postgresCpuSeconds() - cpu0[0]!, processCpuSeconds([svc.pid]) - cpu0[1]!];
    const { rows } = await sql.query<{ last: Date }>("SELECT max(finished_at) AS last FROM jobs_jobs");
    const last = rows[0]!.last.getTime();
    return {
      jobsPerSecond: n / ((last - t0) / 1000),
      sendSeconds: (sent - t0) / 1000,
      lagSeconds: Math.max(0, (last - sent) / 1000),
      postgresCpuMs: (cpu[0]! * 1000) / n,
      serviceCpuMs: (cpu[1]! * 1000) / n,
    };
  } finally {
    await sql.end();
    await svc.stop();
    rmSync(root, { recursive: true, force: true });
  }
};
