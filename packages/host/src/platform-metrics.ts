import { traced } from "@platform/kernel";
import type { EventStore } from "@platform/event-store";
import type { FollowerRunner } from "@platform/actor-runtime";
import type { PlatformMetrics } from "./metrics.ts";

/** The store with every append timed (`eventstore_append_duration_seconds`) and traced, whichever store it is. */
export const observeAppends = (metrics: PlatformMetrics, store: EventStore): EventStore => {
  const duration = metrics.histogram({
    name: "eventstore_append_duration_seconds",
    help: "How long an append of one atomic batch of events took, its inline read-model writes included.",
  });
  const append = store.append.bind(store);
  const appendAll = store.appendAll?.bind(store);
  return {
    ...store,
    ...(appendAll
      ? {
          appendAll: (appends) =>
            traced("append", { "streams.count": appends.length }, async () => {
              const end = duration.startTimer();
              try {
                return await appendAll(appends);
              } finally {
                end();
              }
            }),
        }
      : {}),
    append: (streamId, events, options) =>
      traced("append", { "stream.id": streamId, "events.count": events.length }, async () => {
        const end = duration.startTimer();
        try {
          return await append(streamId, events, options);
        } finally {
          end();
        }
      }),
  };
};

/**
 * `follower_lag_events`: how many events of the log each projection and reactor has still to read (as /readyz counts
 * them, up to 1000).
 */
export const observeFollowers = (metrics: PlatformMetrics, followers: FollowerRunner): void => {
  metrics.gauge({
    name: "follower_lag_events",
    help: "Events of the global log a projection or reactor has not read yet (counted up to 1000).",
    labelNames: ["follower"],
    async collect() {
      const status = await followers.status();
      this.reset();
      for (const f of status) this.set({ follower: f.name }, f.behind);
    },
  });
};
