import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import type { Caller } from "@platform/kernel";
import { attributeValueConditions, keysetPage } from "@platform/http";
import type { PageRequest } from "@platform/http";

/** A queue as GET /resources/job-queues shows it (docs/JOBS.md). */
export type JobQueueRecord = {
  readonly queue: string;
  readonly paused: boolean;
  readonly pending: number;
  readonly running: number;
};

/**
 * The queues by name: `default`, every queue a definition names, and every queue whose
 * controls were used; each with whether it is paused and how many of its jobs are pending and
 * running, counting only jobs within the caller's access attributes (a job carries only
 * `channelKey`). A job of a deleted definition counts in `default`, where a worker finds it.
 */
const queuesQuery = (db: Kysely<AnyDB>, caller: Pick<Caller, "attributes">) => {
  let depth = db
    .selectFrom("jobs_jobs as j")
    .leftJoin("jobs_definitions as d", "d.definition_id", "j.definition_id")
    .select([
      sql<string>`coalesce(d.queue, 'default')`.as("queue"),
      sql<number>`count(*) FILTER (WHERE j.status = 'pending')::int`.as("pending"),
      sql<number>`count(*) FILTER (WHERE j.status = 'running')::int`.as("running"),
    ])
    .where("j.status", "in", ["pending", "running"])
    .groupBy(sql`coalesce(d.queue, 'default')`);
  for (const condition of attributeValueConditions({ channelKey: "j.channel_key" }, caller.attributes))
    depth = depth.where(condition);
  return db
    .with("depth", () => depth)
    .with("names", (qb) =>
      qb
        .selectFrom(
          sql`(SELECT 'default' AS queue UNION SELECT queue FROM jobs_definitions
               UNION SELECT queue FROM jobs_queues)`.as("n"),
        )
        .select("n.queue"),
    )
    .selectFrom("names as n")
    .leftJoin("jobs_queues as p", "p.queue", "n.queue")
    .leftJoin("depth", "depth.queue", "n.queue")
    .select([
      "n.queue as queue",
      sql<boolean>`coalesce(p.paused, false)`.as("paused"),
      sql<number>`coalesce(depth.pending, 0)::int`.as("pending"),
      sql<number>`coalesce(depth.running, 0)::int`.as("running"),
    ]);
};

export const listQueues = async (db: Kysely<AnyDB>, caller: Pick<Caller, "attributes">, page: PageRequest) =>
  keysetPage(
    queuesQuery(db, caller),
    page,
    { sortSql: "n.queue", sortField: "queue", idSql: "n.queue", idField: "queue", direction: "asc" },
    "jobQueues",
  ) as Promise<{
    jobQueues: JobQueueRecord[];
    totalCount: number;
    firstCursor: string | null;
    lastCursor: string | null;
  }>;

/** One queue's line (the answer of a PUT), counted for this caller. */
export const findQueue = async (
  db: Kysely<AnyDB>,
  caller: Pick<Caller, "attributes">,
  queue: string,
): Promise<JobQueueRecord | undefined> =>
  (await queuesQuery(db, caller).where("n.queue", "=", queue).executeTakeFirst()) as JobQueueRecord | undefined;
