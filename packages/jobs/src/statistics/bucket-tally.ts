import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";

export const MINUTE_MS = 60_000;

/** The minute a time falls in (a bucket's `bucketTime`). */
export const minuteOf = (at: string | Date): string =>
  new Date(Math.floor(new Date(at).getTime() / MINUTE_MS) * MINUTE_MS).toISOString();

type Delta = {
  definition_id: string;
  bucket_time: string;
  channel_key: string;
  scheduled: number;
  successful: number;
  failed: number;
  timed: number;
  total_execution: number;
  min_execution: number | null;
  max_execution: number | null;
};

/**
 * What a batch of job events adds to the statistics buckets, summed per bucket in memory and
 * written with one upsert: a batch of a thousand finished jobs of one definition is one row
 * written, not a thousand (and no two writers queue on a bucket's row).
 */
export const createBucketTally = () => {
  const deltas = new Map<string, Delta>();
  const bucket = (definitionId: string, channelKey: string | null, at: string | Date): Delta => {
    const time = minuteOf(at);
    const key = `${definitionId}\u0000${time}\u0000${channelKey ?? ""}`;
    let d = deltas.get(key);
    if (!d) {
      d = {
        definition_id: definitionId,
        bucket_time: time,
        channel_key: channelKey ?? "",
        scheduled: 0,
        successful: 0,
        failed: 0,
        timed: 0,
        total_execution: 0,
        min_execution: null,
        max_execution: null,
      };
      deltas.set(key, d);
    }
    return d;
  };
  return {
    /** A job was scheduled (counted in the minute it was created). */
    scheduled(definitionId: string, channelKey: string | null, createdAt: string) {
      bucket(definitionId, channelKey, createdAt).scheduled++;
    },
    /** A job finished (in the minute it finished); its run time from its last start, if it started. */
    finished(
      definitionId: string,
      channelKey: string | null,
      finishedAt: string,
      ok: boolean,
      startedAt: string | Date | null,
    ) {
      const d = bucket(definitionId, channelKey, finishedAt);
      if (ok) d.successful++;
      else d.failed++;
      if (startedAt === null) return;
      const ms = Math.max(0, new Date(finishedAt).getTime() - new Date(startedAt).getTime());
      d.timed++;
      d.total_execution += ms;
      d.min_execution = d.min_execution === null ? ms : Math.min(d.min_execution, ms);
      d.max_execution = d.max_execution === null ? ms : Math.max(d.max_execution, ms);
    },
    /** Adds the tally to jobs_statistics (in the projection's transaction). */
    async write(trx: Kysely<AnyDB>) {
      if (deltas.size === 0) return;
      const add = (column: string) => sql`jobs_statistics.${sql.ref(column)} + excluded.${sql.ref(column)}`;
      await trx
        .insertInto("jobs_statistics")
        .values([...deltas.values()])
        .onConflict((oc) =>
          oc.columns(["definition_id", "bucket_time", "channel_key"]).doUpdateSet({
            scheduled: add("scheduled"),
            successful: add("successful"),
            failed: add("failed"),
            timed: add("timed"),
            total_execution: add("total_execution"),
            // least/greatest skip nulls.
            min_execution: sql`least(jobs_statistics.min_execution, excluded.min_execution)`,
            max_execution: sql`greatest(jobs_statistics.max_execution, excluded.max_execution)`,
          }),
        )
        .execute();
      deltas.clear();
    },
  };
};
