import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { Projection } from "@platform/actor-runtime";
import type { JobEvent } from "../job/events.ts";
import { jobEventTypes } from "../job/events.ts";
import { createBucketTally } from "../statistics/bucket-tally.ts";
import type { BucketTally } from "../statistics/bucket-tally.ts";

const idOf = (streamId: string) => streamId.slice("job-".length);

/**
 * Projects job events into jobs_jobs (GET and the list), jobs_queue (the workers' work) and the
 * counts and run times of jobs_statistics (summed over the batch, one write).
 */
export const jobsProjection: Projection = {
  name: "jobs",
  eventTypes: jobEventTypes,
  apply: async (trx, events) => {
    const tally = createBucketTally();
    for (const recorded of events) await applyOne(trx, tally, idOf(recorded.streamId), recorded.version, { type: recorded.type, data: recorded.data } as JobEvent);
    await tally.write(trx);
  },
  reset: async (trx) => {
    await trx.deleteFrom("jobs_queue").execute();
    await trx.deleteFrom("jobs_jobs").execute();
    // The counts come back from the log; the sampled queue depths (not events) stay.
    await trx.deleteFrom("jobs_statistics").where("cache_queue_depth", "=", 0).where("total_queue_depth", "=", 0).execute();
    await trx.updateTable("jobs_statistics").set({ scheduled: 0, successful: 0, failed: 0, timed: 0, total_execution: 0, min_execution: null, max_execution: null }).execute();
  },
};

type Finished = { definition_id: string; channel_key: string | null; started_at: string | Date | null };

const applyOne = async (trx: Kysely<AnyDB>, tally: BucketTally, id: string, version: number, e: JobEvent) => {
  const update = (values: Record<string, unknown>) => trx.updateTable("jobs_jobs").set({ ...values, version }).where("job_id", "=", id).execute();
  const finish = async (values: Record<string, unknown>, finishedAt: string, ok: boolean) => {
    const row = (await trx.updateTable("jobs_jobs").set({ ...values, finished_at: finishedAt, version }).where("job_id", "=", id).returning(["definition_id", "channel_key", "started_at"]).executeTakeFirst()) as Finished | undefined;
    if (row) tally.finished(row.definition_id, row.channel_key, finishedAt, ok, row.started_at);
    await dequeue();
  };
  const dequeue = () => trx.deleteFrom("jobs_queue").where("job_id", "=", id).execute();
  switch (e.type) {
    case "JobScheduled": {
      const d = e.data;
      const channelKey = typeof d.parameters.channelKey === "string" ? d.parameters.channelKey : null;
      await trx
        .insertInto("jobs_jobs")
        .values({
          job_id: id,
          definition_id: d.definitionId,
          status: "pending",
          parameters: JSON.stringify(d.parameters),
          channel_key: channelKey,
          run_at: d.runAt,
          trigger: d.trigger,
          created_at: d.createdAt,
          version,
        })
        .onConflict((oc) => oc.column("job_id").doNothing())
        .execute();
      tally.scheduled(d.definitionId, channelKey, d.createdAt);
      await trx.insertInto("jobs_queue").values({ job_id: id, definition_id: d.definitionId, due_at: d.runAt }).onConflict((oc) => oc.column("job_id").doNothing()).execute();
      return;
    }
    case "JobStarted":
      await update({ status: "running", started_at: e.data.startedAt, attempt: e.data.attempt });
      return;
    case "JobSucceeded":
      await finish({ status: "succeeded", result: JSON.stringify(e.data.result) }, e.data.finishedAt, true);
      return;
    case "JobFailed":
      await finish({ status: "failed", error: e.data.error }, e.data.finishedAt, false);
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
