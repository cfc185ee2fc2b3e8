import { describe, expect, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import type { JobCommand } from "./commands.ts";
import { decideJob } from "./decide.ts";
import type { JobEvent } from "./events.ts";
import { failedTwice, jobSpec } from "./spec-cases.ts";
import { evolveJob, initialJobState } from "./state.ts";
import type { JobState } from "./state.ts";

const { given } = givenFor<JobState, JobCommand, JobEvent>({
  decide: decideJob,
  evolve: evolveJob,
  initialState: initialJobState,
});

// The cases are data (spec-cases.ts) so the read model's test writes the same histories through both its writers.
describe("job decider", () => {
  for (const c of jobSpec)
    it(c.name, () => {
      const when = given(c.given).when(c.when);
      if ("rejects" in c.then) when.thenRejects(c.then.rejects, c.then.message);
      else when.then(c.then);
    });

  it("keeps every failed attempt's error, and the last as the job's", () => {
    expect(failedTwice.reduce(evolveJob, initialJobState())).toMatchObject({
      status: "failed",
      attempt: 2,
      runAt: "2026-03-01T10:02:00.000Z",
      error: "boom 2",
      errors: [
        { attempt: 1, failedAt: "2026-03-01T10:01:00.000Z", message: "boom" },
        { attempt: 2, failedAt: "2026-03-01T10:02:00.000Z", message: "boom 2" },
      ],
    });
  });

  it("keeps its latest run's id: a start without one (recorded before runs had ids, or running none) keeps it", () => {
    const T = "2026-03-01T10:00:00.000Z";
    const run = "0190a000-0000-7000-8000-0000000000a1";
    const events: JobEvent[] = [
      {
        type: "JobScheduled",
        data: {
          definitionId: "reports/daily",
          parameters: {},
          runAt: T,
          trigger: "api",
          requester: { attributes: {} },
          createdAt: T,
        },
      },
      { type: "JobStarted", data: { attempt: 1, startedAt: T } },
    ];
    const old = events.reduce(evolveJob, initialJobState());
    expect(old).toMatchObject({ status: "running", attempt: 1 });
    expect(old.runId).toBeUndefined();
    const ran = evolveJob(old, { type: "JobStarted", data: { attempt: 2, startedAt: T, runId: run } });
    expect(ran.runId).toBe(run);
    expect(evolveJob(ran, { type: "JobStarted", data: { attempt: 3, startedAt: T } })).toMatchObject({
      attempt: 3,
      runId: run,
    });
  });
});
