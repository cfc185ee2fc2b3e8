import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { attributesAllow } from "@platform/kernel";
import type { Caller } from "@platform/kernel";
import type { JobRecord } from "../read-model/job-record.ts";

/**
 * The jobs' `dependsOn` and `dependents` as the caller may see them: only ids of jobs it may read now (their
 * definition's `read` and their channelKey within its attributes). A job depended on another definition's job, or
 * one waits for it, that the reader may not see: the id is left out, as a list leaves the job out.
 */
export const withVisibleRelated = async (
  db: Kysely<AnyDB>,
  caller: Caller,
  records: readonly JobRecord[],
): Promise<JobRecord[]> => {
  const ids = [...new Set(records.flatMap((r) => [...r.dependsOn, ...r.dependents]))];
  if (ids.length === 0) return [...records];
  const rows = (await db
    .selectFrom("jobs_jobs")
    .select(["job_id", "definition_id", "channel_key"])
    .where("job_id", "in", ids)
    .execute()) as { job_id: string; definition_id: string; channel_key: string | null }[];
  const visible = new Set(
    rows
      .filter(
        (r) =>
          caller.can(`jobs/${r.definition_id}`, "read") &&
          attributesAllow(caller, { channelKey: r.channel_key ?? undefined }),
      )
      .map((r) => r.job_id),
  );
  return records.map((r) => ({
    ...r,
    dependsOn: r.dependsOn.filter((id) => visible.has(id)),
    dependents: r.dependents.filter((id) => visible.has(id)),
  }));
};
