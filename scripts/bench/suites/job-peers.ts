import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import pg from "pg";
import { Logger, makeWorkerUtils, run } from "graphile-worker";
import type { Runner, WorkerUtils } from "graphile-worker";
import PgBoss from "pg-boss";
import type { BenchRow, BenchSuite } from "../harness.ts";
import { inParallel } from "../noop-app.ts";
import { measureOurJobs } from "../our-jobs.ts";

const JOBS = Number(process.env.BENCH_PEER_JOBS ?? 5000);
/**
 * pg-boss's defaults fetch one job per 2 s poll (about 0.5 jobs/s), so 5,000 jobs would take
 * hours: that configuration runs this many instead, enough to show its rate in ~40 s.
 */
const SLOW_JOBS = Number(process.env.BENCH_PEER_SLOW_JOBS ?? 20);
/** Concurrent send loops, as the 32 connections that schedule our own jobs in job-runs. */
const SENDERS = 32;
/** A run that has not finished by then is broken, not slow. */
const LIMIT_MS = 300_000;

const require = createRequire(import.meta.url);
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), "utf8")) as { version: string }).version;

const seconds = (from: bigint, to: bigint) => Number(to - from) / 1e9;

const dropSchema = async (url: string, schema: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
};

/** Counts completions from a handler; `finished` resolves with the moment the nth was counted. */
const counter = (n: number) => {
  let done = 0;
  let finish!: (at: bigint) => void;
  let fail!: (e: Error) => void;
  const finished = new Promise<bigint>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const timer = setTimeout(() => fail(new Error(`only ${done} of ${n} jobs done in ${LIMIT_MS / 1000} s`)), LIMIT_MS);
  return {
    add(k: number) {
      done += k;
      if (done >= n) {
        clearTimeout(timer);
        finish(process.hrtime.bigint());
      }
    },
    finished,
    cancel: () => clearTimeout(timer),
  };
};

/** sendSeconds and lagSeconds (last done after last send) tell a send-bound run from a worker-bound one. */
type Outcome = { jobsPerSecond: number; sendSeconds: number; lagSeconds: number };

/**
 * The method shared by every peer and configuration: the worker is already running; SENDERS
 * loops send n jobs, one awaited send at a time; the clock runs from the first send to the
 * moment the handler counts the nth job.
 */
const measure = async (n: number, send: () => Promise<void>, finished: Promise<bigint>): Promise<Outcome> => {
  const t0 = process.hrtime.bigint();
  let sent = t0;
  const [, lastDone] = await Promise.all([
    inParallel(n, SENDERS, send).then(() => {
      sent = process.hrtime.bigint();
    }),
    finished,
  ]);
  return {
    jobsPerSecond: n / seconds(t0, lastDone),
    sendSeconds: seconds(t0, sent),
    lagSeconds: Math.max(0, seconds(sent, lastDone)),
  };
};

/** Warnings and errors only: the default logger prints a line per completed job, which would be measured too. */
const quietLogger = (peer: string) => (level: string, message: string) => {
  if (level === "error" || level === "warning") process.stderr.write(`${peer} ${level}: ${message}\n`);
};

type Config = { label: string; tuned: boolean; jobs: number; note: string };

const graphileWorker = async (url: string, config: Config): Promise<Outcome> => {
  const schema = `bench_gw_${randomBytes(4).toString("hex")}`;
  const logger = new Logger(() => (level, message) => quietLogger("graphile-worker")(String(level), message));
  // The senders' own pool, so the worker's pool size is the peer's configuration alone.
  const senderPool = new pg.Pool({ connectionString: url, max: SENDERS });
  // graphile-worker asks a pool it is given for error handlers on the pool and on each client.
  const onPoolError = (e: Error) => quietLogger("graphile-worker")("error", `sender pool: ${e.message}`);
  senderPool.on("error", onPoolError);
  senderPool.on("connect", (client) => client.on("error", onPoolError));
  const count = counter(config.jobs);
  let runner: Runner | undefined;
  let utils: WorkerUtils | undefined;
  try {
    runner = await run({
      connectionString: url,
      schema,
      logger,
      // The bench process owns its signals.
      noHandleSignals: true,
      taskList: {
        noop: async () => {
          count.add(1);
        },
      },
      // maxPoolSize: graphile-worker warns that a pool smaller than the concurrency is not optimal.
      ...(config.tuned ? { concurrency: 32, pollInterval: 100, maxPoolSize: 32 } : {}),
    });
    const u = await makeWorkerUtils({ pgPool: senderPool, schema, logger });
    utils = u;
    return await measure(config.jobs, async () => void (await u.addJob("noop", {})), count.finished);
  } finally {
    count.cancel();
    await runner?.stop();
    await utils?.release();
    await senderPool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await senderPool.end();
  }
};

const pgBoss = async (url: string, config: Config): Promise<Outcome> => {
  const schema = `bench_pgboss_${randomBytes(4).toString("hex")}`;
  const queue = "noop";
  const onError = (e: Error) => quietLogger("pg-boss")("error", e.message);
  // The worker's instance has pg-boss's defaults (maintenance, cron, a pool of 10) but the schema.
  const worker = new PgBoss({ connectionString: url, schema });
  worker.on("error", onError);
  // A second instance only sends, with the senders' own pool of SENDERS connections; the worker's creates the schema.
  const sender = new PgBoss({
    connectionString: url,
    schema,
    max: SENDERS,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  sender.on("error", onError);
  const count = counter(config.jobs);
  let started = false;
  let sending = false;
  try {
    await worker.start();
    started = true;
    // Since pg-boss 10 a queue must exist before jobs are sent to it.
    await worker.createQueue(queue);
    await sender.start();
    sending = true;
    const handler = async (jobs: PgBoss.Job<object>[]) => {
      count.add(jobs.length);
    };
    if (config.tuned) await worker.work(queue, { batchSize: 32, pollingIntervalSeconds: 0.5 }, handler);
    else await worker.work(queue, handler);
    return await measure(
      config.jobs,
      async () => {
        if ((await sender.send(queue, {})) === null) throw new Error("pg-boss send returned no job id");
      },
      count.finished,
    );
  } finally {
    count.cancel();
    if (sending) await sender.stop({ graceful: false });
    if (started) {
      await worker.stop({ graceful: false });
      await dropSchema(url, schema);
    }
  }
};

/**
 * Our jobs beside graphile-worker and pg-boss, PostgreSQL job queues like ours, measured the
 * same way in one run: no-op jobs sent over 32 concurrent loops while one worker runs them,
 * first send to last done. Ours with the service's default configuration, each peer with its
 * defaults and then tuned for throughput, on a schema of its own that is dropped afterwards.
 */
const suite: BenchSuite = {
  name: "job-peers",
  async run(ctx) {
    const rows: BenchRow[] = [];
    process.stderr.write(`  ours, default configuration: ${JOBS} jobs…\n`);
    const ours = await measureOurJobs(ctx.databaseUrl, JOBS, SENDERS);
    rows.push({
      suite: "job-peers",
      metric:
        `ours, default configuration: ${JOBS} no-op jobs scheduled by ${SENDERS} concurrent POST /resources/jobs ` +
        "while one service process runs them, first request to last done",
      value: ours.jobsPerSecond,
      unit: "jobs/s",
      note:
        `each an audited, sandboxed run; requests took ${ours.sendSeconds.toFixed(1)} s, ` +
        `last done ${ours.lagSeconds.toFixed(1)} s after the last request; CPU per job: PostgreSQL ` +
        `${ours.postgresCpuMs.toFixed(2)} ms, the service ${ours.serviceCpuMs.toFixed(2)} ms; goal >= 1,500 jobs/s`,
    });
    const peers = [
      {
        name: `graphile-worker ${versionOf("graphile-worker")}`,
        measure: graphileWorker,
        configs: [
          {
            label: "defaults (concurrency 1, pollInterval 2000 ms)",
            tuned: false,
            jobs: JOBS,
            note: "woken by LISTEN/NOTIFY on add; the poll is a fallback",
          },
          { label: "tuned (concurrency 32, pollInterval 100 ms, maxPoolSize 32)", tuned: true, jobs: JOBS, note: "" },
        ],
      },
      {
        name: `pg-boss ${versionOf("pg-boss")}`,
        measure: pgBoss,
        configs: [
          {
            label: "defaults (work: batchSize 1, pollingIntervalSeconds 2)",
            tuned: false,
            jobs: Math.min(JOBS, SLOW_JOBS),
            note: `${Math.min(JOBS, SLOW_JOBS)} jobs, not ${JOBS}: one job per 2 s poll`,
          },
          {
            label: "tuned (work: batchSize 32, pollingIntervalSeconds 0.5)",
            tuned: true,
            jobs: JOBS,
            note: "one worker sleeps a full poll after each fetch: at most 32 per 0.5 s",
          },
        ],
      },
    ];
    for (const peer of peers) {
      for (const config of peer.configs) {
        process.stderr.write(`  ${peer.name}, ${config.label}: ${config.jobs} jobs…\n`);
        const { jobsPerSecond, sendSeconds, lagSeconds } = await peer.measure(ctx.databaseUrl, config);
        const sends =
          `sends took ${sendSeconds.toFixed(1)} s, ` + `last done ${lagSeconds.toFixed(1)} s after the last send`;
        rows.push({
          suite: "job-peers",
          metric:
            `${peer.name}, ${config.label}: ${config.jobs} no-op jobs sent by ${SENDERS} concurrent single sends ` +
            "while a worker runs, first send to last done",
          value: jobsPerSecond,
          unit: "jobs/s",
          note: config.note ? `${config.note}; ${sends}` : sends,
        });
      }
    }
    const best = Math.max(...rows.slice(1).map((r) => r.value));
    rows.push({
      suite: "job-peers",
      metric: "ours / the best peer row above",
      value: ours.jobsPerSecond / best,
      unit: "×",
      note: "goal >= 2",
    });
    return rows;
  },
};

export default suite;
