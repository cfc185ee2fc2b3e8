/**
 * A subscription's `maxPerSecond`: each delivery attempt starts 1000 / n ms or more after the one before actually
 * started (takers go one at a time, in call order), so any n + 1 starts span more than a second, and a backlog drains
 * at n a second, or slower when the process is late: never faster. Without a limit, `take` resolves at once.
 */
export const createPacer = (maxPerSecond: number | null, now: () => number = () => performance.now()) => {
  const gapMs = maxPerSecond ? 1000 / maxPerSecond : 0;
  let last = Number.NEGATIVE_INFINITY;
  let queue: Promise<void> = Promise.resolve();
  return {
    maxPerSecond,
    take(): Promise<void> | undefined {
      if (gapMs === 0) return undefined;
      const turn = queue
        .then(() => until(last + gapMs, now))
        .then(() => {
          last = now();
        });
      queue = turn;
      return turn;
    },
  };
};

/** Resolves once `now()` reaches `at`: a timer may fire up to a millisecond early, so it is checked again. */
const until = (at: number, now: () => number): Promise<void> =>
  new Promise((resolve) => {
    const check = () => {
      const left = at - now();
      if (left <= 0) resolve();
      else setTimeout(check, Math.max(1, Math.ceil(left)));
    };
    check();
  });
