/**
 * The pause of a background task's loop, cut short by a wake-up: `sleep(ms)` resolves after
 * `ms`, or at once if woken since the last `reset()` (or while it sleeps), or once the task is
 * no longer running. A loop calls `reset()` before each pass, so a wake-up during a pass makes
 * the next pass start at once.
 */
export const wakeableSleep = (isRunning: () => boolean) => {
  let woken = false;
  let waiter: (() => void) | undefined;
  return {
    wake() {
      woken = true;
      waiter?.();
    },
    reset() {
      woken = false;
    },
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken || !isRunning()) return resolve();
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          waiter = undefined;
          resolve();
        }
        waiter = done;
      }),
  };
};
