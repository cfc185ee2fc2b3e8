/**
 * The last N lags (event written → read model committed), for /readyz and the bench.
 * Measured in this process only: from the event's metadata `at` to the projection commit.
 */
export const createLagWindow = (size = 4096) => {
  const samples = new Float64Array(size);
  let count = 0;
  return {
    add(ms: number) {
      samples[count % size] = ms;
      count++;
    },
    summary(): { samples: number; p50Ms: number; p99Ms: number; maxMs: number } | null {
      const n = Math.min(count, size);
      if (n === 0) return null;
      const sorted = Array.from(samples.subarray(0, n)).sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(n - 1, Math.floor(p * n))]!;
      return { samples: count, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: sorted[n - 1]! };
    },
  };
};
