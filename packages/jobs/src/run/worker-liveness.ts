import { randomUUID } from "node:crypto";
import type { Database, DedicatedConnection } from "@platform/db";

/**
 * The job workers of this process: their owner names start with it, so the embedded engine tells a dead process's
 * claims from its own.
 */
const PROCESS = `${process.pid}-${randomUUID()}`;

/** A new worker's name in jobs_queue.claimed_by. */
export const newWorkerOwner = () => `${PROCESS}/${randomUUID()}`;

const KEY = "hashtext('jobs_workers'), hashtext(current_schema() || ':' || $1)";

/**
 * Each worker registered in jobs_workers whose session lock nobody holds is dead: its claims
 * lapse at once (lease_until -infinity, so the next claim anywhere takes them) and it leaves the
 * registry. The try-lock is transaction-scoped, so it ends with this statement; of several
 * sweepers at once, the one that gets the lock frees the claims, and to the rest the owner
 * looks alive for that instant.
 */
const SWEEP = `
  WITH dead AS (
    SELECT owner FROM jobs_workers
     WHERE owner <> $1
       AND pg_try_advisory_xact_lock(hashtext('jobs_workers'), hashtext(current_schema() || ':' || owner))
  ), freed AS (
    UPDATE jobs_queue SET lease_until = '-infinity' WHERE claimed_by IN (SELECT owner FROM dead) RETURNING job_id
  ), gone AS (
    DELETE FROM jobs_workers WHERE owner IN (SELECT owner FROM dead)
  )
  SELECT count(*)::int AS n FROM freed`;

export type WorkerLiveness = {
  readonly kind: "session" | "process" | "time";
  /**
   * Before the first claim: the worker is seen alive (session), or a dead process's claims are taken back (process).
   */
  start(): Promise<void>;
  /** Frees the claims of workers that died; how many. Called about every second. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * How a job worker's claims end when it dies, beside their lease (JOBS_LEASE_S), which stays
 * for every kind:
 * - "session" (PostgreSQL): the worker holds a session advisory lock on a connection of its
 *   own and is listed in jobs_workers. The server drops the lock the moment that connection
 *   dies (the process killed, its host gone once TCP keep-alive gives up), and every worker's
 *   sweep frees a dead one's claims within a second, however long their lease.
 * - "process" (the embedded engine): one process holds the data directory, so a claim of
 *   another process is a dead one's, taken back when a worker starts.
 * - "time" (FOLLOWER_LEASE=time: a pooler in transaction mode keeps no session state): the
 *   lease alone; a dead worker's jobs run again once it lapses.
 */
export const createWorkerLiveness = (db: Database, owner: string, wanted: "auto" | "time"): WorkerLiveness => {
  if (wanted === "time")
    return { kind: "time", start: async () => undefined, sweep: async () => 0, stop: async () => undefined };
  if (!db.dedicated) {
    return {
      kind: "process",
      async start() {
        await db.pool.query(
          "UPDATE jobs_queue SET lease_until = '-infinity' WHERE claimed_by IS NOT NULL AND claimed_by NOT LIKE $1",
          [`${PROCESS}/%`],
        );
      },
      sweep: async () => 0,
      stop: async () => undefined,
    };
  }
  const dedicated = db.dedicated;
  let session: DedicatedConnection | undefined;
  let opening: Promise<void> | undefined;
  // Locked first, listed after: a sweep never finds this worker listed without its lock.
  const open = () =>
    (opening ??= (async () => {
      const connection = await dedicated();
      try {
        await connection.query(`SELECT pg_advisory_lock(${KEY})`, [owner]);
        await connection.query(
          "INSERT INTO jobs_workers (owner, started_at) VALUES ($1, now()) ON CONFLICT (owner) DO NOTHING",
          [owner],
        );
      } catch (e) {
        await connection.close();
        throw e;
      }
      session = connection;
    })().finally(() => {
      opening = undefined;
    }));
  return {
    kind: "session",
    start: () => open(),
    async sweep() {
      // A session lost (and, with it, the lock: our claims may have been freed) is opened again.
      if (!session?.alive) await open();
      const { rows } = await db.pool.query<{ n: number }>(SWEEP, [owner]);
      return rows[0]?.n ?? 0;
    },
    async stop() {
      await opening?.catch(() => undefined);
      await db.pool.query("DELETE FROM jobs_workers WHERE owner = $1", [owner]).catch(() => undefined);
      await session?.close();
      session = undefined;
    },
  };
};
