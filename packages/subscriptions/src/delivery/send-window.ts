import type { RecordedEvent } from "@platform/event-store";

type WindowOptions = {
  /** How many POSTs may be in flight at once (asked before each one: a retry narrows it to 1). */
  readonly width: () => number;
  /** Whether an event needs no POST: not readable by the maker, or already delivered ahead of a failure. */
  readonly skip: (e: RecordedEvent) => Promise<boolean>;
  /** One attempt; true when delivered. */
  readonly send: (e: RecordedEvent) => Promise<boolean>;
  /** Every event up to and including this position is delivered or skipped: the checkpoint may move here. */
  readonly onPrefix: (position: string) => void;
  readonly isStopped: () => boolean;
};

type WindowResult = {
  /** The first event (in log order) that was not delivered; nothing after it is launched once it fails. */
  readonly failed: RecordedEvent | undefined;
  /** Events after the prefix that were delivered nonetheless (other streams, in flight when it failed). */
  readonly ahead: readonly RecordedEvent[];
};

/**
 * Sends a page of the log with up to `width` POSTs in flight, each stream's events one after
 * the other in their order (an event waits for its stream's previous one; one whose previous
 * one failed is not sent), others side by side. The contiguous run of delivered (or skipped)
 * events from the page's start is reported as it grows. After a failure nothing new starts;
 * what is in flight finishes.
 */
export const sendWindow = async (events: readonly RecordedEvent[], o: WindowOptions): Promise<WindowResult> => {
  const done = new Array<boolean>(events.length).fill(false);
  let prefix = 0;
  let failedAt = -1;
  const advance = () => {
    const start = prefix;
    while (prefix < events.length && done[prefix]) prefix++;
    if (prefix > start) o.onPrefix(events[prefix - 1]!.position);
  };
  const tails = new Map<string, Promise<boolean>>();
  const inFlight = new Set<Promise<unknown>>();
  for (let i = 0; i < events.length && failedAt < 0 && !o.isStopped(); i++) {
    const e = events[i]!;
    if (await o.skip(e)) {
      done[i] = true;
      advance();
      continue;
    }
    while (inFlight.size >= Math.max(1, o.width())) await Promise.race(inFlight);
    if (failedAt >= 0) break;
    const previous = tails.get(e.streamId);
    const task = (async () => {
      if (previous && !(await previous)) return false;
      const ok = await o.send(e);
      if (ok) {
        done[i] = true;
        advance();
      } else if (failedAt < 0 || i < failedAt) failedAt = i;
      return ok;
    })();
    tails.set(e.streamId, task);
    const tracked: Promise<unknown> = task.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }
  await Promise.all(inFlight);
  return {
    failed: failedAt >= 0 ? events[failedAt] : undefined,
    ahead: events.filter((_, i) => i >= prefix && done[i]),
  };
};
