import type { Database } from "@platform/db";

export type PollingLoopOptions = {
  /** With `channel`: a NOTIFY on it, from any process, starts a pass at once. */
  readonly db?: Pick<Database, "listen">;
  readonly channel?: string;
  readonly intervalMs: number;
  readonly pass: () => Promise<unknown>;
  /** A pass that threw (the loop goes on). */
  readonly onError: (error: unknown) => void;
};

/**
 * The loop of a background task (a dispatcher, a worker, the scheduler): a pass every
 * `intervalMs` after the last, and at once when woken (`wake()` here, or a NOTIFY on
 * `channel` from any process). Passes never
 * overlap; a wake-up during a pass makes the next one start as soon as it ends. `stop()`
 * resolves once the pass under way has ended.
 */
export const pollingLoop = (options: PollingLoopOptions) => {
  let running = false;
  let woken = false;
  let waiter: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const wake = () => {
    woken = true;
    waiter?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || !running) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        waiter = undefined;
        resolve();
      }
      waiter = done;
    });
  const run = async () => {
    while (running) {
      woken = false;
      try {
        await options.pass();
      } catch (error) {
        options.onError(error);
      }
      await sleep(options.intervalMs);
    }
  };

  return {
    isRunning: () => running,
    wake,
    start() {
      if (running) return;
      running = true;
      if (options.db && options.channel)
        void options.db.listen(options.channel, wake).then((u) => {
          if (running) unlisten = u;
          else void u();
        });
      loop = run();
    },
    async stop() {
      running = false;
      wake();
      await loop;
      await unlisten?.();
      unlisten = undefined;
    },
  };
};

export type PollingLoop = ReturnType<typeof pollingLoop>;
