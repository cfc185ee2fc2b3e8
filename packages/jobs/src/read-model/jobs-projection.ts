import type { Projection } from "@platform/actor-runtime";
import type { RecordedEvent } from "@platform/event-store";
import type { JobEvent } from "../job/events.ts";
import { jobEventTypes } from "../job/events.ts";
import { writeChanges } from "./jobs-changes.ts";
import type { Changes, NewRow } from "./jobs-changes.ts";
import { inlineJobRow } from "./jobs-row.ts";

const idOf = (streamId: string) => streamId.slice("job-".length);

/**
 * Projects job events into jobs_jobs (GET and the list), jobs_queue (the workers' work) and the
 * counts and run times of jobs_statistics: inline in each job append where the store can
 * (jobs-row.ts), from the log in a rebuild or where it cannot. A batch is folded per job in memory first and
 * written set-wise, a handful of statements whatever its size: a worker finishing a hundred
 * jobs costs the projection what one did.
 */
export const jobsProjection: Projection = {
  name: "jobs",
  eventTypes: jobEventTypes,
  inline: inlineJobRow,
  apply: async (trx, events) => writeChanges(trx, foldBatch(events)),
  reset: async (trx) => {
    await trx.deleteFrom("jobs_queue").execute();
    await trx.deleteFrom("jobs_jobs").execute();
    // The counts come back from the log; the sampled queue depths (not events) stay.
    await trx
      .deleteFrom("jobs_statistics")
      .where("cache_queue_depth", "=", 0)
      .where("total_queue_depth", "=", 0)
      .execute();
    await trx
      .updateTable("jobs_statistics")
      .set({
        scheduled: 0,
        successful: 0,
        failed: 0,
        timed: 0,
        total_execution: 0,
        min_execution: null,
        max_execution: null,
      })
      .execute();
  },
};

/** The batch's effect per job, in event order (a job scheduled, run and finished in one batch is one new row). */
const foldBatch = (events: readonly RecordedEvent[]): Changes => {
  const c: Changes = {
    created: new Map(),
    patched: new Map(),
    dequeued: new Set(),
    requeued: new Map(),
    expired: new Set(),
    finishes: [],
    scheduled: [],
    made: new Map(),
  };
  for (const recorded of events) {
    const id = idOf(recorded.streamId);
    const version = recorded.version;
    const e = { type: recorded.type, data: recorded.data } as JobEvent;
    if (e.type === "JobScheduled") {
      const d = e.data;
      const channelKey = typeof d.parameters.channelKey === "string" ? d.parameters.channelKey : null;
      c.created.set(id, {
        job_id: id,
        definition_id: d.definitionId,
        status: d.dependsOn?.length ? "waiting" : "pending",
        parameters: JSON.stringify(d.parameters),
        channel_key: channelKey,
        run_at: d.runAt,
        trigger: d.trigger,
        created_at: d.createdAt,
        started_at: null,
        finished_at: null,
        result: null,
        error: null,
        attempt: 0,
        errors: "[]",
        run_id: null,
        depends_on: d.dependsOn ? JSON.stringify(d.dependsOn) : null,
        dependents: null,
        batch_id: d.batchId ?? null,
        cancel_reason: null,
        version,
      });
      c.scheduled.push({ definitionId: d.definitionId, channelKey, createdAt: d.createdAt });
      c.made.set(id, { definition_id: d.definitionId, channel_key: channelKey });
      continue;
    }
    if (e.type === "JobExpired") {
      c.created.delete(id);
      c.patched.delete(id);
      c.dequeued.add(id);
      c.expired.add(id);
      continue;
    }
    const row: Partial<NewRow> & { version: number } =
      c.created.get(id) ?? c.patched.get(id) ?? c.patched.set(id, { job_id: id, version }).get(id)!;
    const addError = (attempt: number, failedAt: string, message: string) => {
      // A row made earlier gets the errors of this batch appended (see writeChanges).
      row.errors = JSON.stringify([
        ...(row.errors ? (JSON.parse(row.errors) as unknown[]) : []),
        { attempt, failedAt, message },
      ]);
    };
    row.version = version;
    switch (e.type) {
      case "JobStarted":
        // A start that runs no component keeps the latest run's id.
        Object.assign(
          row,
          { status: "running", started_at: e.data.startedAt, attempt: e.data.attempt },
          e.data.runId !== undefined ? { run_id: e.data.runId } : {},
        );
        break;
      case "JobSucceeded":
      case "JobFailed": {
        const ok = e.type === "JobSucceeded";
        Object.assign(
          row,
          ok
            ? { status: "succeeded", result: JSON.stringify(e.data.result) }
            : { status: "failed", error: e.data.error },
          { finished_at: e.data.finishedAt },
        );
        // A failure recorded before retries existed names no attempt: the row's, or the first.
        if (e.type === "JobFailed") addError(e.data.attempt ?? row.attempt ?? 1, e.data.finishedAt, e.data.error);
        c.finishes.push({ jobId: id, finishedAt: e.data.finishedAt, ok, startedAt: row.started_at ?? null });
        c.dequeued.add(id);
        c.requeued.delete(id);
        break;
      }
      case "JobAttemptFailed":
        Object.assign(row, { status: "pending", run_at: e.data.retryAt, attempt: e.data.attempt + 1 });
        addError(e.data.attempt, e.data.failedAt, e.data.error);
        c.finishes.push({ jobId: id, finishedAt: e.data.failedAt, ok: false, startedAt: row.started_at ?? null });
        if (!c.created.has(id)) c.requeued.set(id, { due_at: e.data.retryAt });
        break;
      case "JobCancelled":
        Object.assign(row, { status: "cancelled", finished_at: e.data.cancelledAt });
        if (e.data.reason !== undefined) row.cancel_reason = e.data.reason;
        c.dequeued.add(id);
        c.requeued.delete(id);
        break;
      case "JobDependentAdded":
        row.dependents = JSON.stringify([
          ...(row.dependents ? (JSON.parse(row.dependents) as unknown[]) : []),
          e.data.jobId,
        ]);
        break;
      case "JobDependencyMet":
        if (e.data.waitingFor.length > 0) break;
        row.status = "pending";
        if (!c.created.has(id)) c.requeued.set(id, { due_at: null });
        break;
    }
  }
  return c;
};
