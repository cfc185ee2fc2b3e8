type Waiter<V> = { readonly resolve: (v: V | undefined) => void; readonly reject: (e: unknown) => void };

export type BatchLoaderOptions = {
  /** Most keys in one query; more in the same turn start another batch. Default 256. */
  readonly maxBatch?: number;
  /**
   * While a query of this loader is out, the lookups asked meanwhile wait for it to come back
   * and then go together (default false: every turn's lookups go at once). Under load a batch
   * then holds every lookup of a round trip, not of one turn: fewer, fuller queries, each a
   * wake-up of the database's process saved, for at most one round trip more of waiting.
   */
  readonly oneAtATime?: boolean;
};

/**
 * Coalesces the lookups a burst of requests makes in one turn of the event loop into one
 * query (`WHERE id = ANY($1)`): one round trip and one statement instead of one per request.
 * The batch is sent from `setImmediate`, after the turn's I/O callbacks (every request
 * parsed in it) have asked; a lookup never joins a query already sent, so it always reads
 * what was committed before it was asked (a revoked token is still refused on the next
 * request). Equal keys in a batch share one row. `load` answers with the rows it found; a
 * key it did not answer resolves undefined. A failed query rejects every lookup of its batch.
 */
export const createBatchLoader = <K, V>(
  load: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  options: BatchLoaderOptions = {},
) => {
  const maxBatch = options.maxBatch ?? 256;
  let pending: Map<K, Waiter<V>[]> | undefined;
  let out = 0;
  /** Batches held back while a query is out (oneAtATime), sent when it comes back. */
  const held: Map<K, Waiter<V>[]>[] = [];

  const send = async (batch: Map<K, Waiter<V>[]>) => {
    if (pending === batch) pending = undefined;
    out++;
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    } finally {
      out--;
      for (const next of held.splice(0)) void send(next);
    }
  };

  return (key: K): Promise<V | undefined> =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending || pending.size >= maxBatch) {
        const batch = new Map<K, Waiter<V>[]>();
        pending = batch;
        setImmediate(() => {
          // Held, it stays `pending`: lookups asked until the query out comes back join it.
          if (options.oneAtATime && out > 0) held.push(batch);
          else void send(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
};
