import { randomUUID } from "node:crypto";
import type { Database } from "./database.ts";
import type { DedicatedConnection } from "./sql-client.ts";

/**
 * This process: the owner names it makes start with it, so the embedded engine tells a dead process's claims from its
 * own.
 */
const PROCESS = `${process.pid}-${randomUUID()}`;

/** A new claimer's name for a queue's `claimed_by`. */
export const newClaimOwner = () => `${PROCESS}/${randomUUID()}`;

/**
 * A queue whose rows workers claim (`claimed_by`, `lease_until`), and the registry of its live claimers (`owner`
 * text primary key, `started_at`). Names are the owning context's constants, never input.
 */
export type ClaimQueue = { readonly queue: string; readonly registry: string };

const IDENT = /^[a-z_]+$/;

/**
 * Each claimer listed in the registry whose session lock nobody holds is dead: its claims
 * lapse at once (lease_until -infinity, so the next claim anywhere takes them) and it leaves the
 * registry. The try-lock is transaction-scoped, so it ends with this statement; of several
 * sweepers at once, the one that gets the lock frees the claims, and to the rest the owner
 * looks alive for that instant.
 */
const sweepSql = ({ queue, registry }: ClaimQueue) => `
  WITH dead AS (
    SELECT owner FROM ${registry}
     WHERE owner <> $1
       AND pg_try_advisory_xact_lock(hashtext('${registry}'), hashtext(current_schema() || ':' || owner))
  ), freed AS (
    UPDATE ${queue} SET lease_until = '-infinity' WHERE claimed_by IN (SELECT owner FROM dead) RETURNING 1
  ), gone AS (
    DELETE FROM ${registry} WHERE owner IN (SELECT owner FROM dead)
  )
  SELECT count(*)::int AS n FROM freed`;

export type ClaimLiveness = {
  readonly kind: "session" | "process" | "time";
  /**
   * Before the first claim: the claimer is seen alive (session), or a dead process's claims are taken back (process).
   */
  start(): Promise<void>;
  /** Frees the claims of claimers that died; how many. Called about every second. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
};

/**
 * How a claimer's claims end when it dies, beside their lease, which stays for every kind:
 * - "session" (PostgreSQL): the claimer holds a session advisory lock on a connection of its
 *   own (on the direct address, behind a pooler) and is listed in the registry. The server drops the lock the moment
 *   that connection dies (the process killed, its host gone once TCP keep-alive gives up), and every claimer's
 *   sweep frees a dead one's claims within a second, however long their lease.
 * - "process" (the embedded engine): one process holds the data directory, so a claim of
 *   another process is a dead one's, taken back when a claimer starts.
 * - "time" (FOLLOWER_LEASE=time): the lease alone; a dead claimer's rows are claimed again once it lapses.
 */
export const createClaimLiveness = (
  db: Database,
  owner: string,
  wanted: "auto" | "time",
  names: ClaimQueue,
): ClaimLiveness => {
  if (!IDENT.test(names.queue) || !IDENT.test(names.registry)) throw new Error(`Invalid claim queue ${names.queue}`);
  const { queue, registry } = names;
  const key = `hashtext('${registry}'), hashtext(current_schema() || ':' || $1)`;
  const sweep = sweepSql(names);
  if (wanted === "time")
    return { kind: "time", start: async () => undefined, sweep: async () => 0, stop: async () => undefined };
  if (!db.dedicated) {
    return {
      kind: "process",
      async start() {
        await db.pool.query(
          `UPDATE ${queue} SET lease_until = '-infinity' WHERE claimed_by IS NOT NULL AND claimed_by NOT LIKE $1`,
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
  // Locked first, listed after: a sweep never finds this claimer listed without its lock.
  const open = () =>
    (opening ??= (async () => {
      const connection = await dedicated();
      try {
        await connection.query(`SELECT pg_advisory_lock(${key})`, [owner]);
        await connection.query(
          `INSERT INTO ${registry} (owner, started_at) VALUES ($1, now()) ON CONFLICT (owner) DO NOTHING`,
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
      const { rows } = await db.pool.query<{ n: number }>(sweep, [owner]);
      return rows[0]?.n ?? 0;
    },
    async stop() {
      await opening?.catch(() => undefined);
      await db.pool.query(`DELETE FROM ${registry} WHERE owner = $1`, [owner]).catch(() => undefined);
      await session?.close();
      session = undefined;
    },
  };
};
