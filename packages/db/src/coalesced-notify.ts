import type { Database } from "./database.ts";

/**
 * A NOTIFY on `channel` that a burst of callers shares: the first `notify()` schedules one
 * after `ms`, the others until then ride on it. Wake-ups are hints (listeners poll too), so
 * a failed NOTIFY is dropped. `cancel()` drops a pending one (on close). `payload` goes
 * with each NOTIFY (a sender's token lets its own listener skip the echo).
 */
export const coalescedNotify = (db: Pick<Database, "notify">, channel: string, ms = 5, payload = "") => {
  let timer: NodeJS.Timeout | undefined;
  return {
    notify() {
      timer ??= setTimeout(() => {
        timer = undefined;
        db.notify(channel, payload).catch(() => undefined);
      }, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
};
