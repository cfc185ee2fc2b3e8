import type { JobQueueCommand } from "./commands.ts";
import type { JobQueueEvent } from "./events.ts";
import type { JobQueueState } from "./state.ts";

/** The job queue decider: paused ⇄ running. Asking for the state it is in records nothing (a PUT repeated). */
export const decideJobQueue = (c: JobQueueCommand, s: JobQueueState): JobQueueEvent[] => {
  switch (c.type) {
    case "pause":
      return s.paused ? [] : [{ type: "JobQueuePaused", data: { queue: c.queue, pausedAt: c.at } }];
    case "resume":
      return s.paused ? [{ type: "JobQueueResumed", data: { queue: c.queue, resumedAt: c.at } }] : [];
  }
};
