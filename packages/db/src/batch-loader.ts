type Waiter<V> = { readonly resolve: (v: V | undefined) => void; readonly reject: (e: unknown) => void };

export type BatchLoaderOptions = {
  /** Most keys in one query; more in the same turn start another batch. Default 256. */
  readonly maxBatch?: number;
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
export const createBatchLoader = <K, V>(load: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>, options: BatchLoaderOptions = {}) => {
  const maxBatch = options.maxBatch ?? 256;
  let pending: Map<K, Waiter<V>[]> | undefined;

  const send = async (batch: Map<K, Waiter<V>[]>) => {
    try {
      const found = await load([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  };

  return (key: K): Promise<V | undefined> =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending || pending.size >= maxBatch) {
        const batch = new Map<K, Waiter<V>[]>();
        pending = batch;
        setImmediate(() => {
          if (pending === batch) pending = undefined;
          void send(batch);
        });
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
};
