import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";

/** A bucket as the API gives it (the spec's "Job statistics bucket"). */
export type StatisticsBucket = {
  readonly jobDefinitionId: string;
  readonly bucketTime: string;
  readonly scheduled: number;
  readonly successful: number;
  readonly failed: number;
  readonly minExecution: number | null;
  readonly maxExecution: number | null;
  readonly avgExecution: number | null;
  readonly cacheQueueDepth: number;
  readonly totalQueueDepth: number;
};

type BucketQuery = {
  readonly from: string;
  readonly to: string;
  /** One definition, or those listed (undefined = every one). */
  readonly definitionIds: readonly string[] | undefined;
  /** Only jobs with one of these channelKeys (undefined = every job, with or without one). */
  readonly channelKeys: readonly string[] | undefined;
  readonly limit: number;
};

type Row = {
  definition_id: string;
  bucket_time: Date | string;
  scheduled: number;
  successful: number;
  failed: number;
  min_execution: number | null;
  max_execution: number | null;
  avg_execution: number | null;
  cache_queue_depth: number;
  total_queue_depth: number;
};

const none = sql<boolean>`false`;

/** The buckets from `from` to `to` (bucket times, inclusive), oldest first; a definition's channels summed. */
export const readBuckets = async (db: Kysely<AnyDB>, q: BucketQuery): Promise<StatisticsBucket[]> => {
  let query = db
    .selectFrom("jobs_statistics")
    .select([
      "definition_id",
      "bucket_time",
      sql<number>`sum(scheduled)::int`.as("scheduled"),
      sql<number>`sum(successful)::int`.as("successful"),
      sql<number>`sum(failed)::int`.as("failed"),
      sql<number | null>`min(min_execution)`.as("min_execution"),
      sql<number | null>`max(max_execution)`.as("max_execution"),
      sql<number | null>`sum(total_execution)::float8 / nullif(sum(timed), 0)`.as("avg_execution"),
      sql<number>`sum(cache_queue_depth)::int`.as("cache_queue_depth"),
      sql<number>`sum(total_queue_depth)::int`.as("total_queue_depth"),
    ])
    .where("bucket_time", ">=", q.from)
    .where("bucket_time", "<=", q.to);
  if (q.definitionIds !== undefined)
    query =
      q.definitionIds.length === 0
        ? query.where(none)
        : q.definitionIds.length === 1
          ? query.where("definition_id", "=", q.definitionIds[0]!)
          : query.where("definition_id", "in", [...q.definitionIds]);
  if (q.channelKeys !== undefined)
    query = q.channelKeys.length === 0 ? query.where(none) : query.where("channel_key", "in", [...q.channelKeys]);
  const rows = (await query
    .groupBy(["bucket_time", "definition_id"])
    .orderBy("bucket_time")
    .orderBy("definition_id")
    .limit(q.limit)
    .execute()) as Row[];
  return rows.map((r) => ({
    jobDefinitionId: r.definition_id,
    bucketTime: new Date(r.bucket_time).toISOString(),
    scheduled: r.scheduled,
    successful: r.successful,
    failed: r.failed,
    minExecution: r.min_execution,
    maxExecution: r.max_execution,
    avgExecution: r.avg_execution === null ? null : Math.round(r.avg_execution * 1000) / 1000,
    cacheQueueDepth: r.cache_queue_depth,
    totalQueueDepth: r.total_queue_depth,
  }));
};

/** The definitions with buckets from `from` to `to` (for a caller who may read only some). */
export const definitionsWithBuckets = async (db: Kysely<AnyDB>, from: string, to: string): Promise<string[]> =>
  (
    (await db
      .selectFrom("jobs_statistics")
      .select("definition_id")
      .distinct()
      .where("bucket_time", ">=", from)
      .where("bucket_time", "<=", to)
      .execute()) as { definition_id: string }[]
  ).map((r) => r.definition_id);
