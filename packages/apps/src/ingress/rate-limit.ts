/**
 * `INGRESS_RATE_PER_MINUTE` per ingress, in this process: a token bucket per ingress that holds
 * a minute's worth and refills evenly, so a burst up to the rate passes and a steady overload
 * is held to it. `take` answers 0 when a request may pass, else the seconds until one may.
 */
export const createRateLimiter = (perMinute: number, now: () => number = () => Date.now()) => {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    take(key: string): number {
      if (perMinute <= 0) return 0;
      const t = now();
      const b = buckets.get(key) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * perMs);
      b.at = t;
      buckets.set(key, b);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
    },
  };
};
