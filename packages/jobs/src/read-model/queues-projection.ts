import type { Projection } from "@platform/actor-runtime";
import type { JobQueueEvent } from "../queue/events.ts";
import { jobQueueEventTypes } from "../queue/events.ts";

/** jobs_queues: whether each queue is paused, for the claims of every worker and GET /resources/job-queues. */
export const queuesProjection: Projection = {
  name: "job-queues",
  eventTypes: jobQueueEventTypes,
  apply: async (trx, events) => {
    for (const recorded of events) {
      const e = { type: recorded.type, data: recorded.data } as JobQueueEvent;
      const row =
        e.type === "JobQueuePaused"
          ? { paused: true, changed_at: e.data.pausedAt }
          : { paused: false, changed_at: e.data.resumedAt };
      await trx
        .insertInto("jobs_queues")
        .values({ queue: e.data.queue, ...row, version: recorded.version })
        .onConflict((oc) => oc.column("queue").doUpdateSet({ ...row, version: recorded.version }))
        .execute();
    }
  },
  reset: async (trx) => {
    await trx.deleteFrom("jobs_queues").execute();
  },
};
