import { sql } from "kysely";
import type { Kysely } from "kysely";
import { rowByKey } from "@platform/db";
import type { AnyDB } from "@platform/db";
import type { Caller } from "@platform/kernel";
import { attributeValueConditions, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";
import { toJobRecord } from "./job-record.ts";
import type { JobRecord, JobRow } from "./job-record.ts";
import { queueOfSql } from "./queue-of.ts";

type JobFilter = {
  readonly jobDefinitionId?: string | undefined;
  readonly status?: string | undefined;
  /**
   * The queue its definition names; `default` also holds the jobs of deleted definitions (as GET /resources/job-queues
   * counts them).
   */
  readonly queue?: string | undefined;
  /** ISO 8601 instants, both exclusive. */
  readonly runAtBefore?: string | undefined;
  readonly finishedAfter?: string | undefined;
  readonly batchId?: string | undefined;
};

export const findJob = (db: Kysely<AnyDB>, id: string): Promise<JobRow | undefined> =>
  rowByKey<JobRow>(db, "jobs_jobs", "job_id", id);

/** The definitions that have jobs (for a caller who may read only some of them). */
export const definitionsWithJobs = async (db: Kysely<AnyDB>): Promise<string[]> =>
  ((await db.selectFrom("jobs_jobs").select("definition_id").distinct().execute()) as { definition_id: string }[]).map(
    (r) => r.definition_id,
  );

/**
 * One page of jobs, newest first: only those of `readable` definitions (undefined = every one)
 * and within the caller's access attributes (a job carries only `channelKey`, so a caller
 * restricted on another attribute sees none).
 */
export const listJobs = async (
  db: Kysely<AnyDB>,
  caller: Pick<Caller, "attributes">,
  readable: readonly string[] | undefined,
  filter: JobFilter,
  page: PageRequest,
) => {
  let q = db.selectFrom("jobs_jobs").selectAll();
  if (filter.jobDefinitionId !== undefined) q = q.where("definition_id", "=", filter.jobDefinitionId);
  if (filter.status !== undefined) q = q.where("status", "=", filter.status);
  if (filter.queue !== undefined)
    q = q.where(sql<string>`${sql.raw(queueOfSql("jobs_jobs.definition_id"))}`, "=", filter.queue);
  if (filter.runAtBefore !== undefined) q = q.where("run_at", "<", filter.runAtBefore);
  if (filter.finishedAfter !== undefined) q = q.where("finished_at", ">", filter.finishedAfter);
  if (filter.batchId !== undefined) q = q.where("batch_id", "=", filter.batchId);
  if (readable !== undefined)
    q = readable.length > 0 ? q.where("definition_id", "in", [...readable]) : q.where(sql<boolean>`false`);
  for (const condition of attributeValueConditions({ channelKey: "channel_key" }, caller.attributes))
    q = q.where(condition);
  return keysetPage(
    q,
    page,
    { sortSql: "created_at", sortField: "created_at", idSql: "job_id", idField: "job_id", direction: "desc" },
    "jobs",
    (r) => toJobRecord(r as JobRow),
  ) as Promise<{
    jobs: JobRecord[];
    totalCount: number;
    firstCursor: string | null;
    lastCursor: string | null;
  }>;
};

/**
 * How many of a batch's jobs are in each status: only those of `readable` definitions (undefined = every one) within
 * the caller's access attributes.
 */
export const batchCounts = async (
  db: Kysely<AnyDB>,
  caller: Pick<Caller, "attributes">,
  readable: readonly string[] | undefined,
  batchId: string,
): Promise<Map<string, number>> => {
  let q = db
    .selectFrom("jobs_jobs")
    .select(["status", sql<number>`count(*)::int`.as("n")])
    .where("batch_id", "=", batchId)
    .groupBy("status");
  if (readable !== undefined)
    q = readable.length > 0 ? q.where("definition_id", "in", [...readable]) : q.where(sql<boolean>`false`);
  for (const condition of attributeValueConditions({ channelKey: "channel_key" }, caller.attributes))
    q = q.where(condition);
  const rows = (await q.execute()) as { status: string; n: number }[];
  return new Map(rows.map((r) => [r.status, r.n]));
};
