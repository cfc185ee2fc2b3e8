/** Buckets kept at most; past it, the least recently used go first (a full one would start full anyway). */
const MAX_BUCKETS = 10_000;

/**
 * `INGRESS_RATE_PER_MINUTE` per ingress and caller, in this process: a token bucket per key
 * that holds a minute's worth and refills evenly, so a burst up to the rate passes and a steady
 * overload is held to it. `take` answers 0 when a request may pass, else the seconds until one
 * may. Keys are per caller (or client address), so their number is bounded: the least recently
 * used bucket goes when there are too many, which at worst lets that caller start afresh.
 */
export const createRateLimiter = (
  perMinute: number,
  now: () => number = () => Date.now(),
  maxBuckets = MAX_BUCKETS,
) => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    /** Off at 0: a caller need not work out a key. */
    enabled: perMinute > 0,
    take(key: string): number {
      if (perMinute <= 0) return 0;
      const t = now();
      const b = buckets.get(key) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * perMs);
      b.at = t;
      // Re-inserted so the Map's order is least recently used first.
      buckets.delete(key);
      buckets.set(key, b);
      if (buckets.size > maxBuckets) buckets.delete(buckets.keys().next().value!);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
    },
    /** How many buckets are kept (for tests of the bound). */
    size: () => buckets.size,
  };
};
