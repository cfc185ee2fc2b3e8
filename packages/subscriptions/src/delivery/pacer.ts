/**
 * A subscription's `maxPerSecond`: each delivery attempt takes the next start slot, 1000 / n ms after the one before,
 * so that no second holds more than n starts, and a backlog drains at n a second. Slots are taken in call order; an
 * idle pacer lets the next attempt start at once. Without a limit, `take` resolves at once.
 */
export const createPacer = (maxPerSecond: number | null, now: () => number = () => performance.now()) => {
  const gapMs = maxPerSecond ? 1000 / maxPerSecond : 0;
  let next = 0;
  return {
    maxPerSecond,
    take(): Promise<void> | undefined {
      if (gapMs === 0) return undefined;
      const t = now();
      const slot = Math.max(t, next);
      next = slot + gapMs;
      return slot > t ? new Promise((resolve) => setTimeout(resolve, slot - t)) : undefined;
    },
  };
};
export type Pacer = ReturnType<typeof createPacer>;
