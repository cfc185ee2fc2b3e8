import { describe, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import type { JobQueueCommand } from "./commands.ts";
import { decideJobQueue } from "./decide.ts";
import type { JobQueueEvent } from "./events.ts";
import { evolveJobQueue, initialJobQueueState } from "./state.ts";
import type { JobQueueState } from "./state.ts";

const { given } = givenFor<JobQueueState, JobQueueCommand, JobQueueEvent>({
  decide: decideJobQueue,
  evolve: evolveJobQueue,
  initialState: initialJobQueueState,
});

const T0 = "2026-03-01T10:00:00.000Z";
const T1 = "2026-03-01T10:01:00.000Z";
const paused: JobQueueEvent = { type: "JobQueuePaused", data: { queue: "reports", pausedAt: T0 } };

describe("job queue decider", () => {
  it("pauses a queue", () => given([]).when({ type: "pause", queue: "reports", at: T0 }).then([paused]));
  it("resumes a paused queue", () =>
    given([paused])
      .when({ type: "resume", queue: "reports", at: T1 })
      .then([{ type: "JobQueueResumed", data: { queue: "reports", resumedAt: T1 } }]));
  it("records nothing for a pause of a paused queue", () =>
    given([paused]).when({ type: "pause", queue: "reports", at: T1 }).then([]));
  it("records nothing for a resume of a running queue", () => {
    given([]).when({ type: "resume", queue: "reports", at: T1 }).then([]);
    given([paused, { type: "JobQueueResumed", data: { queue: "reports", resumedAt: T1 } }])
      .when({ type: "resume", queue: "reports", at: T1 })
      .then([]);
  });
});
