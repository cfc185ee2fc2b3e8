/**
 * Lets a worker's jobs record their outcomes together: each waits here until as many wait as
 * `expected()` says could come (every job the worker is running), or `windowMs` after the
 * first came; then all go on in the same turn of the event loop, so their appends reach the
 * event store as one group commit (one statement, one commit) and the projections see them as
 * one batch. A run that ends alone waits at most `windowMs`.
 */
export const createGathering = (expected: () => number, windowMs: number) => {
  let waiting: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    clearTimeout(timer);
    timer = undefined;
    const go = waiting;
    waiting = [];
    for (const resolve of go) resolve();
  };
  return (): Promise<void> =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (waiting.length >= expected()) release();
      else timer ??= setTimeout(release, windowMs);
    });
};
