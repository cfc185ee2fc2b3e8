import { defineActor } from "@platform/actor-runtime";
import type { JobQueueCommand } from "./commands.ts";
import { decideJobQueue } from "./decide.ts";
import type { JobQueueEvent } from "./events.ts";
import { jobQueueEventTypes } from "./events.ts";
import { evolveJobQueue, initialJobQueueState } from "./state.ts";
import type { JobQueueState } from "./state.ts";

/**
 * The job queue actor: type `job-queue`, addressed by the queue's name (`[A-Za-z0-9._~-]`, as a
 * definition's `queue`), so its journal shows who paused and resumed it. Kept off the generic
 * actor API: queues are guarded by `job-queues:*`.
 */
export const jobQueueActor = defineActor<JobQueueState, JobQueueCommand, JobQueueEvent>({
  type: "job-queue",
  decider: { decide: decideJobQueue, evolve: evolveJobQueue, initialState: initialJobQueueState },
  messages: {},
  exists: (s) => s.status !== "none",
  lifecycle: { created: ["JobQueuePaused"] },
  eventTypes: jobQueueEventTypes,
  typeReadableBy: (reader) => reader.can("job-queues", "read"),
  identifiers: (id) => ({ id, queue: id }),
  view: (s) => ({ queue: s.queue, paused: s.paused }),
  actorApi: false,
  readableBy: (reader) => reader.can("job-queues", "read"),
});
