import { AsyncLocalStorage } from "node:async_hooks";

type AfterAppend = (position: string, eventTypes: readonly string[]) => Promise<void>;
type Noted = { position: string; eventTypes: readonly string[] };

/**
 * Read your writes, later: appends made inside `during(fn)` do not wait for the read models to show them; they are
 * noted, and `caughtUp()` waits for all of them at once. For a writer whose clock runs while it waits: a component's
 * time limit is for its own work, not for the platform's read models (a projection in another process, a worker's
 * lease being taken over), so its ctx calls append and go on, and its run waits for the read models after its time
 * has stopped, before its answer leaves. Code that reads a read model right after its own append would not find it
 * in such a scope: such code answers from what it appended instead.
 */
export type DeferredReads = {
  during<T>(fn: () => Promise<T>): Promise<T>;
  /** Waits until the read models show every append noted so far (each as long as an append would have waited). */
  caughtUp(): Promise<void>;
};

export const createReadDeferral = (afterAppend: AfterAppend | undefined) => {
  const scopes = new AsyncLocalStorage<Noted[]>();
  return {
    /** The runtime's afterAppend: notes the append inside a deferring scope, waits outside one. */
    afterAppend:
      afterAppend &&
      (async (position: string, eventTypes: readonly string[]) => {
        const noted = scopes.getStore();
        if (noted) noted.push({ position, eventTypes });
        else await afterAppend(position, eventTypes);
      }),
    deferReads(): DeferredReads {
      const noted: Noted[] = [];
      return {
        during: (fn) => scopes.run(noted, fn),
        caughtUp: async () => {
          const waits = noted.splice(0).map((n) => afterAppend?.(n.position, n.eventTypes));
          await Promise.all(waits);
        },
      };
    },
  };
};
