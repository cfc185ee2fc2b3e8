import type { Clock } from "@platform/kernel";
import { createBatchLoader, createClaimLiveness, newClaimOwner } from "@platform/db";
import { pollingLoop } from "@platform/host";
import type { BackgroundTask, PlatformDeps } from "@platform/host";
import { analyzeQueue, claimDue, dropClaims, renewClaim } from "./claims.ts";
import { releaseHeld } from "./claim-limited.ts";
import type { Claim } from "./claims.ts";
import { findDefinitions } from "../read-model/queries.ts";
import type { DefinitionRow } from "../read-model/record.ts";
import type { JobService } from "./job-service.ts";
import { createGathering } from "./gathering.ts";
import { runJob } from "./run-job.ts";
import { wakeChannel } from "./wake.ts";

type JobWorkerOptions = {
  /**
   * Overrides JOBS_CONCURRENCY, JOBS_LEASE_S, JOBS_POLL_MS and JOBS_QUEUES (tests run several workers in one process).
   */
  readonly concurrency?: number;
  readonly leaseMs?: number;
  readonly pollMs?: number;
  readonly queues?: readonly string[] | undefined;
  /** Overrides FOLLOWER_LEASE: "time" leaves a dead worker's jobs to their lease alone. */
  readonly liveness?: "auto" | "time";
};

/** How often a worker looks for workers that died (createClaimLiveness of @platform/db). */
const SWEEP_MS = 1000;

/** How long a claim may wait for more free slots while others run (see `pass`). */
const COHORT_MS = 20;
/**
 * A full claim of at least this many jobs is a backlog: the queue's statistics are refreshed then (claims.ts), at most
 * once per ANALYZE_EVERY_MS.
 */
const BACKLOG_CLAIM = 16;
const ANALYZE_EVERY_MS = 60_000;

const errorOf = (e: unknown) => (e instanceof Error ? { message: e.message, stack: e.stack } : e);

/**
 * A job worker (a task of the worker role): claims due jobs in batches of its free slots, when
 * woken (a job was scheduled, a slot freed) and every poll interval, and runs each while
 * renewing its lease. Any number of workers may run against one database; a worker that dies
 * has its jobs run again by another within seconds on PostgreSQL (createClaimLiveness of @platform/db).
 */
export const createJobWorker = (deps: PlatformDeps, clock: Clock, jobs: JobService, options: JobWorkerOptions = {}) => {
  const { config, db, log } = deps;
  const concurrency = options.concurrency ?? config.jobs.concurrency;
  const leaseMs = options.leaseMs ?? config.jobs.leaseS * 1000;
  const pollMs = options.pollMs ?? config.jobs.pollMs;
  const queues = "queues" in options ? options.queues : config.jobs.queues;
  const owner = newClaimOwner();
  const liveness = createClaimLiveness(db, owner, options.liveness ?? config.followerLease, {
    queue: "jobs_queue",
    registry: "jobs_workers",
  });
  const inFlight = new Set<Promise<void>>();
  const wake = () => loop.wake();
  // The definitions of the jobs a claim took, read together.
  const definition = createBatchLoader<string, DefinitionRow>(
    async (ids) => {
      return new Map((await findDefinitions(db.kysely, ids)).map((r) => [r.definition_id, r]));
    },
    { oneAtATime: true },
  );

  // The claims of the jobs done in one turn, dropped in one statement.
  const done = createBatchLoader<string, true>(async (ids) => {
    await dropClaims(db.pool, ids, owner);
    return new Map<string, true>();
  });
  // Outcomes recorded together: every running job's, or those ending within 5 ms of the first.
  const together = createGathering(() => inFlight.size, 5);

  const launch = (claim: Claim) => {
    let heartbeat: NodeJS.Timeout | undefined;
    // The run's id, for the log line of a run that went wrong.
    let runId: string | undefined;
    const started = (id: string | undefined) => {
      runId = id;
      heartbeat ??= setInterval(
        () => void renewClaim(db.pool, claim.jobId, owner, clock.now(), leaseMs).catch(() => undefined),
        Math.max(10, Math.floor(leaseMs / 3)),
      );
    };
    const p: Promise<void> = runJob({ deps, clock, jobs, definition, together }, claim, started)
      // An end written inline dropped the queue row in its own transaction.
      .then(async (ended) => {
        if (!(ended && deps.store.inlineWrites)) await done(claim.jobId);
        // Its key's slot is free: the oldest job held for it is ready at once (else when its hold lapses, in 1 s).
        if (claim.limitKey !== undefined) await releaseHeld(db, claim.definitionId, claim.limitKey);
      })
      .catch((e: unknown) =>
        log.error(
          { jobId: claim.jobId, runId, err: errorOf(e) },
          "running a job failed; it runs again once its lease lapses",
        ),
      )
      .finally(() => {
        clearInterval(heartbeat);
        inFlight.delete(p);
        wake();
      });
    inFlight.add(p);
  };

  // Claims come in cohorts: while jobs run, a claim waits for a quarter of the slots to be free
  // (or COHORT_MS), so a busy worker starts, and then records, many jobs at a time.
  let lastClaim = 0;
  let analyzedAt = -Infinity;
  let retry: NodeJS.Timeout | undefined;
  const wakeLater = () => {
    retry ??= setTimeout(() => {
      retry = undefined;
      wake();
    }, COHORT_MS);
  };

  /** One claim of as many due jobs as there are free slots; how many it took. */
  const pass = async (): Promise<number> => {
    const free = concurrency - inFlight.size;
    if (free <= 0) return 0;
    if (inFlight.size > 0 && free < Math.ceil(concurrency / 4) && Date.now() - lastClaim < COHORT_MS) {
      wakeLater();
      return 0;
    }
    lastClaim = Date.now();
    const claims = await claimDue(db, { owner, now: clock.now(), leaseMs, limit: free, queues });
    for (const c of claims) launch(c);
    if (claims.length === free && free >= BACKLOG_CLAIM && lastClaim - analyzedAt > ANALYZE_EVERY_MS) {
      analyzedAt = lastClaim;
      void analyzeQueue(db.pool).catch((error: unknown) =>
        log.warn({ err: errorOf(error) }, "refreshing the queue's statistics failed"),
      );
    }
    return claims.length;
  };

  const loop = pollingLoop({
    db,
    channel: wakeChannel(db.schema),
    intervalMs: pollMs,
    pass,
    onError: (error) => log.error({ err: errorOf(error) }, "claiming jobs failed"),
  });

  let sweeper: NodeJS.Timeout | undefined;
  let started: Promise<void> | undefined;
  const sweep = () =>
    void liveness
      .sweep()
      .then((freed) => {
        if (freed > 0) {
          log.info({ freed }, "took back the jobs of a worker that died");
          wake();
        }
      })
      .catch((error: unknown) => log.warn({ err: errorOf(error) }, "looking for dead job workers failed"));

  const task: BackgroundTask & { wake(): void; drain(): Promise<void> } = {
    name: "jobs:worker",
    start() {
      // Seen alive (or a dead process's claims taken back) before the first claim; a failure
      // leaves this worker's jobs to their lease, and the next sweep tries again.
      started = liveness
        .start()
        .catch((error: unknown) =>
          log.warn({ err: errorOf(error) }, "registering the job worker failed; its jobs rely on their lease"),
        )
        .then(() => {
          loop.start();
          if (liveness.kind === "session") {
            sweeper = setInterval(sweep, SWEEP_MS);
            sweeper.unref();
          }
        });
    },
    async stop() {
      await started;
      clearInterval(sweeper);
      clearTimeout(retry);
      await loop.stop();
      await Promise.allSettled([...inFlight]);
      await liveness.stop();
    },
    wake,
    /**
     * Claims and runs until nothing due is left, then waits for the read models to show it (tests with a fixed clock).
     */
    async drain() {
      while ((await pass()) > 0 || inFlight.size > 0) await Promise.allSettled([...inFlight]);
      const head = await deps.store.headPosition();
      if (head) await deps.followers.waitFor(head);
    },
  };
  return task;
};

export type JobWorker = ReturnType<typeof createJobWorker>;
