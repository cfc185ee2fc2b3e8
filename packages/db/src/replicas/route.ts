import type pg from "pg";
import { replicaReadOf, wroteAfterAll } from "./read-scope.ts";
import type { ReplicaSet } from "./replica-set.ts";

/** SQLSTATE 25006, read_only_sql_transaction: what a standby answers a statement that writes. */
const READ_ONLY_REFUSAL = "25006";

/**
 * Runs a statement outside a transaction on a standby when the current request may read there (ReadScope) and one
 * has replayed what it must see; undefined: run it on the primary. A statement a standby refuses as a write sends
 * it, and the rest of its request, to the primary.
 */
export const onReplica = async <R>(
  replicas: ReplicaSet | undefined,
  text: string,
  send: (pool: pg.Pool) => Promise<R>,
  /** Pools of the standbys of its own, in the set's order (a pool with session settings); the set's by default. */
  pools: readonly pg.Pool[] | undefined = replicas?.pools,
): Promise<R | undefined> => {
  if (!replicas || !pools) return undefined;
  const read = replicaReadOf(text);
  if (!read) return undefined;
  const chosen = await replicas.choose(read.after);
  const pool = chosen === undefined ? undefined : pools[chosen];
  if (!pool) return undefined;
  try {
    return await send(pool);
  } catch (error) {
    if ((error as { code?: string }).code !== READ_ONLY_REFUSAL) throw error;
    wroteAfterAll();
    return undefined;
  }
};
