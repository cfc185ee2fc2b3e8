import { attributesAllow } from "@platform/kernel";
import { defineActor } from "@platform/actor-runtime";
import type { JobCommand } from "./commands.ts";
import { decideJob } from "./decide.ts";
import type { JobEvent } from "./events.ts";
import { jobEventTypes } from "./events.ts";
import { evolveJob, initialJobState } from "./state.ts";
import type { JobState } from "./state.ts";

/** The key of a schedule's occurrence: its definition and instant. */
const occurrenceKey = (definitionId: string, occurrence: string) => `${definitionId}@${occurrence}`;

/** The key of a unique job: its definition (which holds no `:`) and its uniqueKey. */
export const uniqueJobKey = (definitionId: string, uniqueKey: string) => `${definitionId}:${uniqueKey}`;
const holdsUniqueKey = (s: JobState) =>
  s.uniqueKey !== undefined && (s.status === "pending" || s.status === "running" || s.status === "waiting");

const channelKeyOf = (s: JobState) => {
  const v = s.parameters?.channelKey;
  return typeof v === "string" ? v : undefined;
};

/**
 * The job actor: type `job`, addressed by its UUID. Kept off the generic actor API: jobs are
 * guarded by `jobs[/<definition>]:*` and their definition's rules. Its access attribute is
 * `parameters.channelKey`.
 */
export const jobActor = defineActor<JobState, JobCommand, JobEvent>({
  type: "job",
  decider: { decide: decideJob, evolve: evolveJob, initialState: initialJobState },
  messages: {},
  exists: (s) => s.status !== "none" && s.status !== "expired",
  // One job per schedule occurrence, whichever scheduler process makes it first (the key outlives the job).
  // One pending or running job per definition and uniqueKey: the key index's unique constraint
  // settles a race between processes, and a job that finishes or is cancelled lets the key go.
  naturalKeys: {
    occurrence: {
      of: (s) => (s.occurrence ? occurrenceKey(s.definitionId ?? "", s.occurrence) : undefined),
      addressable: false,
    },
    unique: {
      of: (s) => (holdsUniqueKey(s) ? uniqueJobKey(s.definitionId ?? "", s.uniqueKey!) : undefined),
      addressable: false,
    },
  },
  lifecycle: { created: ["JobScheduled"], deleted: ["JobExpired"] },
  eventTypes: jobEventTypes,
  typeReadableBy: (reader) => reader.can("jobs", "read"),
  identifiers: (id) => ({ id, jobId: id }),
  attributes: (s) => ({ channelKey: channelKeyOf(s) }),
  actorApi: false,
  readableBy: (reader, _id, s) =>
    reader.can(s.definitionId ? `jobs/${s.definitionId}` : "jobs", "read") &&
    attributesAllow(reader, { channelKey: channelKeyOf(s) }),
});
