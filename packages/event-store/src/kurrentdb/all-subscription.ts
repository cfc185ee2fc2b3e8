import { END, excludeSystemEvents } from "@kurrent/kurrentdb-client";
import type { AllStreamSubscription, KurrentDBClient } from "@kurrent/kurrentdb-client";
import { isHidden } from "./kurrentdb-mapping.ts";
import { warn } from "./warn.ts";

/** Delay before re-opening a dropped $all subscription, doubled per failure up to the max. */
const RESUBSCRIBE_MS = 1000;
const RESUBSCRIBE_MAX_MS = 30_000;

type AllSubscription = {
  /** Calls every listener once for any burst of wake() calls in the same turn. */
  readonly wake: () => void;
  /** Adds a listener, opening the $all subscription if needed; returns its removal. */
  readonly subscribe: (listener: () => void) => () => void;
  /** Drops every listener and the subscription; later subscribe() calls never re-open it. */
  readonly close: () => void;
};

/**
 * Wake-ups for the store's listeners: a $all subscription (from the end, system events
 * filtered out) open only while someone listens, re-opened with backoff when it drops,
 * waking the listeners for every event of a visible stream.
 */
export const createAllSubscription = (client: KurrentDBClient): AllSubscription => {
  const listeners = new Set<() => void>();
  let wakeScheduled = false;
  let closed = false;
  let subscription: AllStreamSubscription | undefined;
  let resubscribeTimer: NodeJS.Timeout | undefined;
  let subscriptionFailures = 0;

  const wake = () => {
    if (wakeScheduled || listeners.size === 0) return;
    wakeScheduled = true;
    setImmediate(() => {
      wakeScheduled = false;
      for (const listener of [...listeners]) {
        try {
          listener();
        } catch (error) {
          warn("Event store listener threw", error);
        }
      }
    });
  };

  const stopSubscription = () => {
    if (resubscribeTimer) clearTimeout(resubscribeTimer);
    resubscribeTimer = undefined;
    const sub = subscription;
    subscription = undefined;
    if (sub) sub.unsubscribe().catch(() => undefined);
  };

  const startSubscription = () => {
    if (subscription || resubscribeTimer || closed || listeners.size === 0) return;
    const sub = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    subscription = sub;
    const dropped = (error?: unknown) => {
      if (subscription !== sub) return; // stopped on purpose
      subscription = undefined;
      sub.unsubscribe().catch(() => undefined);
      if (closed || listeners.size === 0) return;
      subscriptionFailures++;
      if (subscriptionFailures === 1)
        warn("KurrentDB $all subscription dropped; re-subscribing", error ?? "stream ended");
      resubscribeTimer = setTimeout(
        () => {
          resubscribeTimer = undefined;
          startSubscription();
          wake(); // events may have been appended while we were not listening
        },
        Math.min(RESUBSCRIBE_MS * 2 ** (subscriptionFailures - 1), RESUBSCRIBE_MAX_MS),
      );
      resubscribeTimer.unref();
    };
    sub.on("confirmation", () => {
      subscriptionFailures = 0;
    });
    sub.on("data", (resolved) => {
      subscriptionFailures = 0;
      const e = resolved.event;
      if (e && !isHidden(e.streamId, e.type)) wake();
    });
    sub.on("error", (error) => dropped(error));
    sub.on("end", () => dropped());
    sub.on("close", () => dropped());
  };

  return {
    wake,

    subscribe(listener) {
      listeners.add(listener);
      startSubscription();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopSubscription();
      };
    },

    close() {
      closed = true;
      listeners.clear();
      stopSubscription();
    },
  };
};
