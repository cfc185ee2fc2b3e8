import type { JobCommand } from "./commands.ts";
import type { JobEvent } from "./events.ts";
import { dependencySpec } from "./spec-cases-dependencies.ts";

/**
 * The job decider's given/when/then spec as data: decide.test.ts runs each case against the decider, and
 * read-model/jobs-rows-equal.int.test.ts writes each history (given, then what the command made) through both
 * writers of the jobs read model, so every path the spec walks is also a path on which the two must agree.
 */
export type JobSpecCase = {
  readonly name: string;
  readonly given: readonly JobEvent[];
  readonly when: JobCommand;
  /** The events the command makes, or the code (and a part of the message) it is refused with. */
  readonly then: readonly JobEvent[] | { readonly rejects: string; readonly message?: string };
};

const T0 = "2026-03-01T10:00:00.000Z";
const T1 = "2026-03-01T10:01:00.000Z";
const T2 = "2026-03-01T10:02:00.000Z";
const requester = { principalId: "p1", attributes: { channelKey: ["web"] } };
const specJob = {
  definitionId: "reports/daily",
  parameters: { channelKey: "web" },
  runAt: T0,
  trigger: "api" as const,
  requester,
};
const scheduled: JobEvent = { type: "JobScheduled", data: { ...specJob, createdAt: T0 } };
const started = (attempt: number, at = T1, runId?: string): JobEvent => ({
  type: "JobStarted",
  data: { attempt, startedAt: at, ...(runId !== undefined ? { runId } : {}) },
});
const RUN1 = "0190a000-0000-7000-8000-0000000000a1";
const RUN2 = "0190a000-0000-7000-8000-0000000000a2";
const retried = (attempt: number): JobEvent => ({
  type: "JobAttemptFailed",
  data: { attempt, failedAt: T1, error: "boom", retryAt: T2 },
});
const succeeded: JobEvent = { type: "JobSucceeded", data: { finishedAt: T1, result: { ok: 1 } } };
const cancelled: JobEvent = { type: "JobCancelled", data: { cancelledAt: T1 } };
const expired: JobEvent = { type: "JobExpired", data: { expiredAt: T1 } };

/** Two failed attempts, the second the last: the job keeps both errors. */
export const failedTwice: readonly JobEvent[] = [
  scheduled,
  started(1),
  retried(1),
  started(2, T2),
  { type: "JobFailed", data: { finishedAt: T2, error: "boom 2", attempt: 2 } },
];

const invalid = { rejects: "INVALID_STATE" };
export const jobSpec: readonly JobSpecCase[] = [
  { name: "schedules a job", given: [], when: { type: "schedule", ...specJob, at: T0 }, then: [scheduled] },
  {
    name: "keeps the occurrence a schedule made it for",
    given: [],
    when: { type: "schedule", ...specJob, trigger: "schedule", occurrence: T0, at: T0 },
    then: [{ type: "JobScheduled", data: { ...specJob, trigger: "schedule", occurrence: T0, createdAt: T0 } }],
  },
  {
    name: "never schedules one id twice",
    given: [scheduled],
    when: { type: "schedule", ...specJob, at: T0 },
    then: { rejects: "CONFLICT" },
  },
  {
    name: "starts a pending job at attempt 1",
    given: [scheduled],
    when: { type: "start", attempt: 1, at: T1 },
    then: [started(1)],
  },
  {
    name: "records the id of the run the attempt makes in its start",
    given: [scheduled],
    when: { type: "start", attempt: 1, at: T1, runId: RUN1 },
    then: [started(1, T1, RUN1)],
  },
  {
    name: "starts a retried job with its new run's id",
    given: [scheduled, started(1, T1, RUN1), retried(1)],
    when: { type: "start", attempt: 2, at: T2, runId: RUN2 },
    then: [started(2, T2, RUN2)],
  },
  {
    name: "starts an attempt that runs no component (its definition gone) without a run id",
    given: [scheduled, started(1, T1, RUN1), retried(1)],
    when: { type: "start", attempt: 2, at: T2 },
    then: [started(2, T2)],
  },
  {
    name: "refuses a start that skips an attempt",
    given: [scheduled],
    when: { type: "start", attempt: 2, at: T1 },
    then: invalid,
  },
  {
    name: "starts a running job again only as the next attempt (its worker was lost)",
    given: [scheduled, started(1)],
    when: { type: "start", attempt: 2, at: T1 },
    then: [started(2)],
  },
  {
    name: "refuses a second worker's start of the same attempt",
    given: [scheduled, started(1)],
    when: { type: "start", attempt: 1, at: T1 },
    then: invalid,
  },
  {
    name: "loses a job's run at most 3 times",
    given: [scheduled, started(1), started(2), started(3)],
    when: { type: "start", attempt: 4, at: T1 },
    then: { rejects: "INVALID_STATE", message: "at most 3" },
  },
  {
    name: "records the result of the attempt that holds the job",
    given: [scheduled, started(1)],
    when: { type: "succeed", attempt: 1, result: { ok: 1 }, at: T1 },
    then: [succeeded],
  },
  {
    name: "refuses the result of an attempt that was taken over",
    given: [scheduled, started(1), started(2)],
    when: { type: "succeed", attempt: 1, result: null, at: T1 },
    then: invalid,
  },
  {
    name: "records a failure with its reason",
    given: [scheduled, started(1)],
    when: { type: "fail", attempt: 1, error: "boom", at: T1 },
    then: [{ type: "JobFailed", data: { finishedAt: T1, error: "boom", attempt: 1 } }],
  },
  {
    name: "puts a failed attempt back in the queue when the definition's retry allows another",
    given: [scheduled, started(1)],
    when: { type: "fail", attempt: 1, error: "boom", at: T1, retryAt: T2 },
    then: [{ type: "JobAttemptFailed", data: { attempt: 1, failedAt: T1, error: "boom", retryAt: T2 } }],
  },
  {
    name: "starts a retried job as its next attempt",
    given: [scheduled, started(1), retried(1)],
    when: { type: "start", attempt: 2, at: T2 },
    then: [started(2, T2)],
  },
  {
    name: "starts a retried job only as its next attempt, not the one that failed",
    given: [scheduled, started(1), retried(1)],
    when: { type: "start", attempt: 1, at: T2 },
    then: invalid,
  },
  {
    name: "starts a retried job only as its next attempt, not a later one",
    given: [scheduled, started(1), retried(1)],
    when: { type: "start", attempt: 3, at: T2 },
    then: invalid,
  },
  {
    name: "counts lost runs apart from failed attempts",
    given: [scheduled, started(1), retried(1), started(2), retried(2), started(3), started(4)],
    when: { type: "start", attempt: 5, at: T2 },
    then: [started(5, T2)],
  },
  {
    name: "cancels a job waiting for its retry",
    given: [scheduled, started(1), retried(1)],
    when: { type: "cancel", at: T1 },
    then: [cancelled],
  },
  {
    name: "never runs a job cancelled while it waited for its retry",
    given: [scheduled, started(1), retried(1), cancelled],
    when: { type: "start", attempt: 2, at: T2 },
    then: invalid,
  },
  {
    name: "never finishes a job twice",
    given: [scheduled, started(1), succeeded],
    when: { type: "fail", attempt: 1, error: "late", at: T1 },
    then: invalid,
  },
  { name: "cancels a pending job", given: [scheduled], when: { type: "cancel", at: T1 }, then: [cancelled] },
  {
    name: "refuses to cancel a running job",
    given: [scheduled, started(1)],
    when: { type: "cancel", at: T1 },
    then: invalid,
  },
  {
    name: "refuses to cancel a finished job",
    given: [scheduled, started(1), succeeded],
    when: { type: "cancel", at: T1 },
    then: invalid,
  },
  {
    name: "never starts a cancelled job",
    given: [scheduled, cancelled],
    when: { type: "start", attempt: 1, at: T1 },
    then: invalid,
  },
  {
    name: "refuses commands to a job that does not exist",
    given: [],
    when: { type: "cancel", at: T1 },
    then: { rejects: "NOT_FOUND" },
  },
  {
    name: "expires a finished job",
    given: [scheduled, started(1), succeeded],
    when: { type: "expire", at: T1 },
    then: [expired],
  },
  { name: "never expires an unfinished job", given: [scheduled], when: { type: "expire", at: T1 }, then: invalid },
  {
    name: "knows no expired job",
    given: [scheduled, started(1), succeeded, expired],
    when: { type: "cancel", at: T1 },
    then: { rejects: "NOT_FOUND" },
  },
  ...dependencySpec,
];

/** Every history the spec walks: each case's given events, followed by what its command made when accepted. */
export const jobSpecHistories = (): readonly JobEvent[][] => [
  ...jobSpec.map((c) => [...c.given, ...("rejects" in c.then ? [] : c.then)]),
  [...failedTwice],
];
