import type { JobCommand } from "./commands.ts";
import type { JobEvent } from "./events.ts";
import type { JobSpecCase } from "./spec-cases.ts";

const T0 = "2026-03-01T10:00:00.000Z";
const T1 = "2026-03-01T10:01:00.000Z";
const A = "0190a000-0000-7000-8000-0000000000a1";
const B = "0190a000-0000-7000-8000-0000000000a2";
const D = "0190a000-0000-7000-8000-0000000000d1";
const BATCH = "0190a000-0000-7000-8000-0000000000b1";
const job = {
  definitionId: "reports/daily",
  parameters: { channelKey: "web" },
  runAt: T0,
  trigger: "api" as const,
  requester: { principalId: "p1", attributes: {} },
};
const waiting: JobEvent = { type: "JobScheduled", data: { ...job, dependsOn: [A, B], batchId: BATCH, createdAt: T0 } };
const plain: JobEvent = { type: "JobScheduled", data: { ...job, createdAt: T0 } };
const metA: JobEvent = { type: "JobDependencyMet", data: { dependencyId: A, metAt: T1, waitingFor: [B] } };
const hasDependent: JobEvent = { type: "JobDependentAdded", data: { jobId: D } };
const ended = (end: "succeeded" | "failed" | "cancelled" | "expired", dependencyId = A): JobCommand => ({
  type: "dependencyEnded",
  dependencyId,
  end,
  at: T1,
});

/** The job decider's cases of dependencies (spec-cases.ts runs them with the rest). */
export const dependencySpec: readonly JobSpecCase[] = [
  {
    name: "schedules a job that waits for its dependencies, in its batch",
    given: [],
    when: { type: "schedule", ...job, dependsOn: [A, B], batchId: BATCH, at: T0 },
    then: [waiting],
  },
  { name: "meets a dependency that succeeded", given: [waiting], when: ended("succeeded"), then: [metA] },
  {
    name: "is pending once its last dependency is met",
    given: [waiting, metA],
    when: ended("succeeded", B),
    then: [{ type: "JobDependencyMet", data: { dependencyId: B, metAt: T1, waitingFor: [] } }],
  },
  { name: "hears a dependency's end once", given: [waiting, metA], when: ended("succeeded"), then: [] },
  {
    name: "is cancelled, with the reason, when a dependency failed",
    given: [waiting, hasDependent],
    when: ended("failed", B),
    then: [{ type: "JobCancelled", data: { cancelledAt: T1, reason: `dependency ${B} failed`, dependents: [D] } }],
  },
  {
    name: "is cancelled when a dependency expired before it was told",
    given: [waiting],
    when: ended("expired"),
    then: [{ type: "JobCancelled", data: { cancelledAt: T1, reason: `dependency ${A} expired` } }],
  },
  { name: "ignores a dependency's end once it no longer waits", given: [plain], when: ended("failed"), then: [] },
  {
    name: "cancels a waiting job (DELETE), naming its dependents",
    given: [waiting, hasDependent],
    when: { type: "cancel", at: T1 },
    then: [{ type: "JobCancelled", data: { cancelledAt: T1, dependents: [D] } }],
  },
  {
    name: "never starts a waiting job",
    given: [waiting],
    when: { type: "start", attempt: 1, at: T1 },
    then: { rejects: "INVALID_STATE" },
  },
  { name: "remembers a dependent", given: [plain], when: { type: "addDependent", jobId: D }, then: [hasDependent] },
  {
    name: "remembers a dependent once",
    given: [plain, hasDependent],
    when: { type: "addDependent", jobId: D },
    then: [],
  },
  {
    name: "remembers no dependent once it has ended (the dependent reads how)",
    given: [plain, { type: "JobCancelled", data: { cancelledAt: T1 } }],
    when: { type: "addDependent", jobId: D },
    then: [],
  },
  {
    name: "names its dependents in the event that ends it",
    given: [plain, hasDependent, { type: "JobStarted", data: { attempt: 1, startedAt: T1 } }],
    when: { type: "succeed", attempt: 1, result: null, at: T1 },
    then: [{ type: "JobSucceeded", data: { finishedAt: T1, result: null, dependents: [D] } }],
  },
  {
    name: "names its dependents when it fails for good",
    given: [plain, hasDependent, { type: "JobStarted", data: { attempt: 1, startedAt: T1 } }],
    when: { type: "fail", attempt: 1, error: "boom", at: T1 },
    then: [{ type: "JobFailed", data: { finishedAt: T1, error: "boom", attempt: 1, dependents: [D] } }],
  },
];
