import { retryDelayMs } from "./retry-schedule.ts";

/**
 * The attempts at events not delivered yet, and when the first of them is tried again: after
 * `baseMs`, doubling, until `giveUpMs` after its first refusal.
 */
export const createRetries = (baseMs: number, giveUpMs: number) => {
  const failed = new Map<string, { attempts: number; since: number; error: string | null }>();
  let next: { position: string; at: number } | undefined;
  return {
    /** The number of the next attempt at this event (1 for the first). */
    attemptOf: (position: string) => (failed.get(position)?.attempts ?? 0) + 1,
    delivered(position: string) {
      failed.delete(position);
      if (next?.position === position) next = undefined;
    },
    refused(position: string, error: string | null) {
      const f = failed.get(position);
      failed.set(position, { attempts: (f?.attempts ?? 0) + 1, since: f?.since ?? Date.now(), error });
    },
    /** Delivery stopped at this event: schedules its retry; false when its time is up (the subscription fails). */
    schedule(position: string): boolean {
      const f = failed.get(position) ?? { attempts: 1, since: Date.now(), error: null };
      if (Date.now() - f.since >= giveUpMs) return false;
      next = { position, at: Date.now() + retryDelayMs(f.attempts, baseMs) };
      return true;
    },
    /** Whether an event is waiting for its retry (delivery then goes one at a time). */
    get retrying() {
      return next !== undefined;
    },
    /** How long until the next retry is due; 0 when none waits. */
    waitMs: () => (next ? Math.max(0, next.at - Date.now()) : 0),
    attemptsAt: (position: string) => failed.get(position)?.attempts ?? 0,
    /** The last refusal's reason (the receiver's status and words, or why none came). */
    lastError: (position: string) => failed.get(position)?.error ?? null,
    clear() {
      failed.clear();
      next = undefined;
    },
  };
};
