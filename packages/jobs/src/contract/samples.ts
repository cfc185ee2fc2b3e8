import { decideAll } from "@platform/kernel";
import type { JobDefinitionCommand } from "../definition/commands.ts";
import { decideJobDefinition } from "../definition/decide.ts";
import type { JobDefinitionEvent } from "../definition/events.ts";
import { CLEARED } from "../definition/spec.ts";
import { evolveJobDefinition, initialJobDefinitionState } from "../definition/state.ts";
import type { JobCommand } from "../job/commands.ts";
import { decideJob } from "../job/decide.ts";
import type { JobEvent } from "../job/events.ts";
import { evolveJob, initialJobState } from "../job/state.ts";
import type { JobQueueCommand } from "../queue/commands.ts";
import { decideJobQueue } from "../queue/decide.ts";
import type { JobQueueEvent } from "../queue/events.ts";
import { evolveJobQueue, initialJobQueueState } from "../queue/state.ts";

const writer = { principalId: "0190a000-0000-7000-8000-000000000001", attributes: {} };
const spec = { ...CLEARED, componentId: "shop/report", schedules: [{ cron: "0 3 * * *", timeZone: "Europe/Berlin" }] };

const run = (commands: JobDefinitionCommand[]) =>
  decideAll(
    { decide: decideJobDefinition, evolve: evolveJobDefinition, initialState: initialJobDefinitionState },
    commands,
  );
const runJob = (commands: JobCommand[]) =>
  decideAll({ decide: decideJob, evolve: evolveJob, initialState: initialJobState }, commands);
const runQueue = (commands: JobQueueCommand[]) =>
  decideAll({ decide: decideJobQueue, evolve: evolveJobQueue, initialState: initialJobQueueState }, commands);

const DEP_A = "0190a000-0000-7000-8000-0000000000a1";
const DEP_B = "0190a000-0000-7000-8000-0000000000a2";
const T = (m: number) => new Date(Date.UTC(2026, 2, 2, 9, m)).toISOString();
const schedule: JobCommand = {
  type: "schedule",
  definitionId: "reports/daily",
  parameters: { day: "mon" },
  runAt: T(0),
  trigger: "api",
  requester: writer,
  at: T(0),
};

/**
 * Real events from the deciders: an API definition's life, an app's with a tenant override, a
 * job that succeeds (asking for the next) and expires, one cancelled, one that fails once and is
 * retried, two that depend on others (met, and cancelled by a failure), and a queue paused and resumed.
 */
export const sampleJobEvents = (): (JobDefinitionEvent | JobEvent | JobQueueEvent)[] => [
  ...run([
    { type: "assert", definitionId: "reports/daily", spec, writer },
    { type: "assert", definitionId: "reports/daily", spec: { ...spec, queue: "reports" }, writer },
    { type: "delete", definitionId: "reports/daily" },
  ]),
  ...run([
    { type: "provide", definitionId: "apps/shop/nightly", appId: "shop", appVersion: 1, spec, writer },
    { type: "override", override: { scheduleSuspended: true } },
    { type: "withdraw", definitionId: "apps/shop/nightly", appId: "shop", appVersion: 2 },
  ]),
  ...runJob([
    schedule,
    { type: "start", attempt: 1, at: T(0), runId: "0190a000-0000-7000-8000-00000000000a" },
    {
      type: "succeed",
      attempt: 1,
      result: { rows: 3 },
      next: [
        {
          jobId: "0190a000-0000-7000-8000-000000000002",
          definitionId: "reports/daily",
          parameters: { day: "tue" },
          runAt: T(10),
          requester: writer,
        },
      ],
      at: T(0),
    },
    { type: "expire", at: T(59) },
  ]),
  ...runJob([schedule, { type: "cancel", at: T(1) }]),
  ...runJob([
    schedule,
    { type: "start", attempt: 1, at: T(0), runId: "0190a000-0000-7000-8000-00000000000b" },
    {
      type: "fail",
      attempt: 1,
      error: "COMPONENT_TIMEOUT: the component ran longer than 30000 ms",
      at: T(1),
      retryAt: T(2),
    },
    { type: "start", attempt: 2, at: T(2), runId: "0190a000-0000-7000-8000-00000000000c" },
    { type: "fail", attempt: 2, error: "COMPONENT_FAILED: boom", at: T(3) },
  ]),
  // Two jobs of one batch waiting for others: one released when its dependency succeeds, one cancelled by a failure.
  ...runJob([
    { ...schedule, dependsOn: [DEP_A, DEP_B], batchId: "0190a000-0000-7000-8000-0000000000b1" },
    { type: "addDependent", jobId: "0190a000-0000-7000-8000-0000000000d1" },
    { type: "dependencyEnded", dependencyId: DEP_A, end: "succeeded", at: T(6) },
    { type: "dependencyEnded", dependencyId: DEP_B, end: "succeeded", at: T(7) },
  ]),
  ...runJob([
    { ...schedule, dependsOn: [DEP_A], batchId: "0190a000-0000-7000-8000-0000000000b1" },
    { type: "addDependent", jobId: "0190a000-0000-7000-8000-0000000000d2" },
    { type: "dependencyEnded", dependencyId: DEP_A, end: "failed", at: T(6) },
  ]),
  ...runQueue([
    { type: "pause", queue: "reports", at: T(4) },
    { type: "resume", queue: "reports", at: T(5) },
  ]),
];
