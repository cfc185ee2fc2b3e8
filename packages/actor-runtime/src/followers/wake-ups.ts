/** How long a follower may trail appends of event types it does not read (see `appended`). */
const PASSED_BY_MS = 100;

/** What the wake-ups need to know of a follower. */
type Wakeable = { readonly inline: boolean; readonly eventTypes: ReadonlySet<string> | null };

/**
 * When a process's followers read the log: each waits here between reads, and the store's
 * signal after appends wakes the ones it concerns. Per follower it keeps `count` (compared
 * before and after a read: did a wake-up come meanwhile?) and `at` (when the last one came
 * that may have brought its events).
 */
export const createWakeUps = <F extends Wakeable>(followers: readonly F[], isRunning: () => boolean) => {
  /** The followers waiting, and how to wake each. */
  const wakers = new Map<F, () => void>();
  const signals = new Map<F, { count: number; at: number }>();
  /** Followers that local appends of other types went by: woken together, PASSED_BY_MS later. */
  const passedBy = new Set<F>();
  let passedByTimer: NodeJS.Timeout | undefined;

  const signalOf = (f: F) => {
    let s = signals.get(f);
    if (!s) signals.set(f, (s = { count: 0, at: 0 }));
    return s;
  };
  const signal = (f: F, at: number | null) => {
    const s = signalOf(f);
    s.count++;
    if (at !== null) s.at = at;
    wakers.get(f)?.();
  };

  return {
    signalOf,

    /**
     * An append here names its event types: it wakes the followers that read one of them at
     * once, and the others only PASSED_BY_MS later, together, to move past it (their reads
     * leave its data out). A wake-up without types (from another process) wakes every one.
     */
    appended(types?: readonly string[]) {
      const now = Date.now();
      for (const f of followers) {
        if (f.inline) continue;
        if (types && f.eventTypes && !types.some((t) => f.eventTypes!.has(t))) passedBy.add(f);
        else {
          passedBy.delete(f);
          signal(f, now);
        }
      }
      if (passedBy.size > 0)
        passedByTimer ??= setTimeout(() => {
          passedByTimer = undefined;
          const due = [...passedBy];
          passedBy.clear();
          for (const f of due) signal(f, null);
        }, PASSED_BY_MS);
    },

    /**
     * Resolves true when woken, false when `ms` ran out. Never sleeps once stopping has
     * begun: `wakeAll` at stop wakes only those already waiting, and a loop arriving here a
     * moment later would otherwise sleep a whole poll before it saw the stop.
     */
    wait: (f: F, ms: number) =>
      new Promise<boolean>((resolve) => {
        if (!isRunning()) return resolve(false);
        const done = (woken: boolean) => {
          clearTimeout(timer);
          wakers.delete(f);
          resolve(woken);
        };
        const timer = setTimeout(() => done(false), ms);
        wakers.set(f, () => done(true));
      }),

    /** Wakes every waiting follower (a writer in a hurry, or stopping). */
    wakeAll: () => wakers.forEach((w) => w()),

    /** Drops the pending delayed wake-up (at stop). */
    cancel() {
      if (passedByTimer) clearTimeout(passedByTimer);
      passedByTimer = undefined;
      passedBy.clear();
    },
  };
};
