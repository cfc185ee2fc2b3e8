import { randomUUID } from "node:crypto";
import type { Database, DedicatedConnection } from "@platform/db";
import { LEASE_SECONDS, checkpointStore } from "./checkpoints.ts";

/**
 * How a follower runner holds its followers, so that exactly one process follows each:
 * - "session" (PostgreSQL): a session advisory lock per follower on a connection of the
 *   runner's own. The server drops it the moment that connection dies (the process killed,
 *   its host gone once TCP keep-alive gives up), so another process takes over at once.
 * - "process" (the embedded engine): one process holds the data directory (lockDirectory),
 *   so a lease of another process is a dead one's, taken over at start without waiting.
 * - "time": the lease in rt_checkpoints alone, renewed every LEASE_SECONDS / 3; a dead
 *   owner's runs out after LEASE_SECONDS. For a database that cannot keep session state
 *   (behind a pooler in transaction mode): FOLLOWER_LEASE=time.
 * Whatever the kind, rt_checkpoints names the owner and every checkpoint write checks it, and
 * its lease_until is kept renewed, so runners of different kinds on one database still
 * exclude each other.
 */
type LeaseKind = "session" | "process" | "time";

export interface FollowerLeases {
  readonly kind: LeaseKind;
  /** This runner's name in rt_checkpoints.owner. */
  readonly owner: string;
  /** Takes or renews `name`'s lease: its stored position while this runner holds it, else undefined. */
  claim(name: string): Promise<{ position: string | null } | undefined>;
  /** Whether a lease claimed at `claimedAt` (ms) is surely still held, with no need to claim again. */
  holds(name: string, claimedAt: number): boolean;
  release(name: string): Promise<void>;
  close(): Promise<void>;
}

/** The owners of this process start with it (the "process" kind tells its own leases from a dead process's). */
const PROCESS = `${process.pid}-${randomUUID()}`;
const RENEW_MS = (LEASE_SECONDS * 1000) / 3;

/** The lock's two keys: the runtime's and the follower's, within the schema (tests share a server). */
const LOCK = "SELECT pg_try_advisory_lock(hashtext('rt_followers'), hashtext(current_schema() || ':' || $1)) AS ok";
const UNLOCK = "SELECT pg_advisory_unlock(hashtext('rt_followers'), hashtext(current_schema() || ':' || $1))";

export const createFollowerLeases = (db: Database, wanted: "auto" | "time" = "auto"): FollowerLeases => {
  const owner = `${PROCESS}/${randomUUID()}`;
  const checkpoints = checkpointStore(db.pool);
  const timed = (kind: LeaseKind, takeOver?: { readonly otherProcesses: string }): FollowerLeases => ({
    kind,
    owner,
    claim: (name) => checkpoints.claim(name, owner, takeOver),
    holds: (_name, claimedAt) => Date.now() - claimedAt < RENEW_MS,
    release: (name) => checkpoints.release(name, owner),
    close: async () => undefined,
  });
  if (wanted === "time") return timed("time");
  if (!db.dedicated) return timed("process", { otherProcesses: `${PROCESS}/` });
  return sessionLeases(db, owner, checkpoints);
};

/** A lease connection and the locks it holds: they go together. */
type Session = { readonly connection: DedicatedConnection; readonly locked: Set<string> };

const sessionLeases = (
  db: Database,
  owner: string,
  checkpoints: ReturnType<typeof checkpointStore>,
): FollowerLeases => {
  let session: Session | undefined;
  let opening: Promise<Session> | undefined;
  /** The live session, or a new one when there is none (or it died, and its locks with it). */
  const open = (): Promise<Session> => {
    if (session?.connection.alive) return Promise.resolve(session);
    opening ??= db.dedicated!()
      .then((connection) => (session = { connection, locked: new Set() }))
      .finally(() => {
        opening = undefined;
      });
    return opening;
  };
  return {
    kind: "session",
    owner,
    async claim(name) {
      const s = await open();
      if (!s.locked.has(name)) {
        const { rows } = await s.connection.query<{ ok: boolean }>(LOCK, [name]);
        if (!rows[0]?.ok) return undefined;
        s.locked.add(name);
      }
      // The lock is ours, so whoever the row names is gone: the row is ours too.
      return checkpoints.claim(name, owner, { any: true });
    },
    holds: (name, claimedAt) =>
      !!session?.connection.alive && session.locked.has(name) && Date.now() - claimedAt < RENEW_MS,
    async release(name) {
      await checkpoints.release(name, owner);
      if (session?.connection.alive && session.locked.delete(name)) await session.connection.query(UNLOCK, [name]);
    },
    async close() {
      const s = session ?? (await opening?.catch(() => undefined));
      session = undefined;
      await s?.connection.close();
    },
  };
};
