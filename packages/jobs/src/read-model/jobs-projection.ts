import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { Projection } from "@platform/actor-runtime";
import type { JobEvent } from "../job/events.ts";
import { jobEventTypes } from "../job/events.ts";

const idOf = (streamId: string) => streamId.slice("job-".length);

/** Projects job events into jobs_jobs (GET and the list) and jobs_queue (the workers' work). */
export const jobsProjection: Projection = {
  name: "jobs",
  eventTypes: jobEventTypes,
  apply: async (trx, events) => {
    for (const recorded of events) await applyOne(trx, idOf(recorded.streamId), recorded.version, { type: recorded.type, data: recorded.data } as JobEvent);
  },
  reset: async (trx) => {
    await trx.deleteFrom("jobs_queue").execute();
    await trx.deleteFrom("jobs_jobs").execute();
  },
};

const applyOne = async (trx: Kysely<AnyDB>, id: string, version: number, e: JobEvent) => {
  const update = (values: Record<string, unknown>) => trx.updateTable("jobs_jobs").set({ ...values, version }).where("job_id", "=", id).execute();
  const dequeue = () => trx.deleteFrom("jobs_queue").where("job_id", "=", id).execute();
  switch (e.type) {
    case "JobScheduled": {
      const d = e.data;
      const channelKey = d.parameters.channelKey;
      await trx
        .insertInto("jobs_jobs")
        .values({
          job_id: id,
          definition_id: d.definitionId,
          status: "pending",
          parameters: JSON.stringify(d.parameters),
          channel_key: typeof channelKey === "string" ? channelKey : null,
          run_at: d.runAt,
          trigger: d.trigger,
          created_at: d.createdAt,
          version,
        })
        .onConflict((oc) => oc.column("job_id").doNothing())
        .execute();
      await trx.insertInto("jobs_queue").values({ job_id: id, definition_id: d.definitionId, due_at: d.runAt }).onConflict((oc) => oc.column("job_id").doNothing()).execute();
      return;
    }
    case "JobStarted":
      await update({ status: "running", started_at: e.data.startedAt, attempt: e.data.attempt });
      return;
    case "JobSucceeded":
      await update({ status: "succeeded", finished_at: e.data.finishedAt, result: JSON.stringify(e.data.result) });
      await dequeue();
      return;
    case "JobFailed":
      await update({ status: "failed", finished_at: e.data.finishedAt, error: e.data.error });
      await dequeue();
      return;
    case "JobCancelled":
      await update({ status: "cancelled", finished_at: e.data.cancelledAt });
      await dequeue();
      return;
    case "JobExpired":
      await trx.deleteFrom("jobs_jobs").where("job_id", "=", id).execute();
      await dequeue();
      return;
  }
};
