import { describe, expect, it } from "vitest";
import { givenFor } from "@platform/actor-runtime/testing";
import type { JobCommand } from "./commands.ts";
import { decideJob } from "./decide.ts";
import type { JobEvent } from "./events.ts";
import { evolveJob, initialJobState } from "./state.ts";
import type { JobState } from "./state.ts";

const { given } = givenFor<JobState, JobCommand, JobEvent>({
  decide: decideJob,
  evolve: evolveJob,
  initialState: initialJobState,
});

const T0 = "2026-03-01T10:00:00.000Z";
const T1 = "2026-03-01T10:01:00.000Z";
const requester = { principalId: "p1", attributes: { channelKey: ["web"] } };
const job = {
  definitionId: "reports/daily",
  parameters: { channelKey: "web" },
  runAt: T0,
  trigger: "api" as const,
  requester,
};
const scheduled: JobEvent = { type: "JobScheduled", data: { ...job, createdAt: T0 } };
const T2 = "2026-03-01T10:02:00.000Z";
const started = (attempt: number, at = T1): JobEvent => ({ type: "JobStarted", data: { attempt, startedAt: at } });
const retried = (attempt: number): JobEvent => ({
  type: "JobAttemptFailed",
  data: { attempt, failedAt: T1, error: "boom", retryAt: T2 },
});
const succeeded: JobEvent = { type: "JobSucceeded", data: { finishedAt: T1, result: { ok: 1 } } };

describe("job decider", () => {
  it("schedules a job", () =>
    given([])
      .when({ type: "schedule", ...job, at: T0 })
      .then([scheduled]));
  it("keeps the occurrence a schedule made it for", () =>
    given([])
      .when({ type: "schedule", ...job, trigger: "schedule", occurrence: T0, at: T0 })
      .then([{ type: "JobScheduled", data: { ...job, trigger: "schedule", occurrence: T0, createdAt: T0 } }]));
  it("never schedules one id twice", () =>
    given([scheduled])
      .when({ type: "schedule", ...job, at: T0 })
      .thenRejects("CONFLICT"));

  it("starts a pending job at attempt 1", () =>
    given([scheduled])
      .when({ type: "start", attempt: 1, at: T1 })
      .then([started(1)]));
  it("refuses a start that skips an attempt", () =>
    given([scheduled]).when({ type: "start", attempt: 2, at: T1 }).thenRejects("INVALID_STATE"));
  it("starts a running job again only as the next attempt (its worker was lost)", () =>
    given([scheduled, started(1)])
      .when({ type: "start", attempt: 2, at: T1 })
      .then([started(2)]));
  it("refuses a second worker's start of the same attempt", () =>
    given([scheduled, started(1)])
      .when({ type: "start", attempt: 1, at: T1 })
      .thenRejects("INVALID_STATE"));
  it("loses a job's run at most 3 times", () =>
    given([scheduled, started(1), started(2), started(3)])
      .when({ type: "start", attempt: 4, at: T1 })
      .thenRejects("INVALID_STATE", "at most 3"));

  it("records the result of the attempt that holds the job", () =>
    given([scheduled, started(1)])
      .when({ type: "succeed", attempt: 1, result: { ok: 1 }, at: T1 })
      .then([succeeded]));
  it("refuses the result of an attempt that was taken over", () =>
    given([scheduled, started(1), started(2)])
      .when({ type: "succeed", attempt: 1, result: null, at: T1 })
      .thenRejects("INVALID_STATE"));
  it("records a failure with its reason", () =>
    given([scheduled, started(1)])
      .when({ type: "fail", attempt: 1, error: "boom", at: T1 })
      .then([{ type: "JobFailed", data: { finishedAt: T1, error: "boom", attempt: 1 } }]));
  it("puts a failed attempt back in the queue when the definition's retry allows another", () =>
    given([scheduled, started(1)])
      .when({ type: "fail", attempt: 1, error: "boom", at: T1, retryAt: T2 })
      .then([{ type: "JobAttemptFailed", data: { attempt: 1, failedAt: T1, error: "boom", retryAt: T2 } }]));
  it("starts a retried job as its next attempt, and only as that", () => {
    given([scheduled, started(1), retried(1)])
      .when({ type: "start", attempt: 2, at: T2 })
      .then([started(2, T2)]);
    given([scheduled, started(1), retried(1)])
      .when({ type: "start", attempt: 1, at: T2 })
      .thenRejects("INVALID_STATE");
    given([scheduled, started(1), retried(1)])
      .when({ type: "start", attempt: 3, at: T2 })
      .thenRejects("INVALID_STATE");
  });
  it("counts lost runs apart from failed attempts", () =>
    given([scheduled, started(1), retried(1), started(2), retried(2), started(3), started(4)])
      .when({ type: "start", attempt: 5, at: T2 })
      .then([started(5, T2)]));
  it("cancels a job waiting for its retry; it is never run again", () => {
    given([scheduled, started(1), retried(1)])
      .when({ type: "cancel", at: T1 })
      .then([{ type: "JobCancelled", data: { cancelledAt: T1 } }]);
    given([scheduled, started(1), retried(1), { type: "JobCancelled", data: { cancelledAt: T1 } }])
      .when({ type: "start", attempt: 2, at: T2 })
      .thenRejects("INVALID_STATE");
  });
  it("keeps every failed attempt's error, and the last as the job's", () => {
    const s = [
      scheduled,
      started(1),
      retried(1),
      started(2, T2),
      { type: "JobFailed", data: { finishedAt: T2, error: "boom 2", attempt: 2 } } as JobEvent,
    ].reduce(evolveJob, initialJobState());
    expect(s).toMatchObject({
      status: "failed",
      attempt: 2,
      runAt: T2,
      error: "boom 2",
      errors: [
        { attempt: 1, failedAt: T1, message: "boom" },
        { attempt: 2, failedAt: T2, message: "boom 2" },
      ],
    });
  });
  it("never finishes a job twice", () =>
    given([scheduled, started(1), succeeded])
      .when({ type: "fail", attempt: 1, error: "late", at: T1 })
      .thenRejects("INVALID_STATE"));

  it("cancels a pending job", () =>
    given([scheduled])
      .when({ type: "cancel", at: T1 })
      .then([{ type: "JobCancelled", data: { cancelledAt: T1 } }]));
  it("refuses to cancel a running job", () =>
    given([scheduled, started(1)])
      .when({ type: "cancel", at: T1 })
      .thenRejects("INVALID_STATE"));
  it("refuses to cancel a finished job", () =>
    given([scheduled, started(1), succeeded])
      .when({ type: "cancel", at: T1 })
      .thenRejects("INVALID_STATE"));
  it("never starts a cancelled job", () =>
    given([scheduled, { type: "JobCancelled", data: { cancelledAt: T1 } }])
      .when({ type: "start", attempt: 1, at: T1 })
      .thenRejects("INVALID_STATE"));
  it("refuses commands to a job that does not exist", () =>
    given([]).when({ type: "cancel", at: T1 }).thenRejects("NOT_FOUND"));

  it("expires a finished job", () =>
    given([scheduled, started(1), succeeded])
      .when({ type: "expire", at: T1 })
      .then([{ type: "JobExpired", data: { expiredAt: T1 } }]));
  it("never expires an unfinished job", () =>
    given([scheduled]).when({ type: "expire", at: T1 }).thenRejects("INVALID_STATE"));
  it("knows no expired job", () =>
    given([scheduled, started(1), succeeded, { type: "JobExpired", data: { expiredAt: T1 } }])
      .when({ type: "cancel", at: T1 })
      .thenRejects("NOT_FOUND"));
});
