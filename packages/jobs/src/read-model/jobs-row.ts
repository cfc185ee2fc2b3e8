import type { Projection } from "@platform/actor-runtime";
import type { JobState } from "../job/state.ts";

/**
 * A job's row as `jobs_write_rows` (migration 008) takes each: the job's state after an append,
 * in the columns of jobs_jobs. `result` is there only for a success (JSON null included), as
 * the projector writes it; a job retention deleted is `status: "expired"`.
 * The rules that turn it into rows are written twice: in SQL (jobs_write_rows, migrations 008, 009 and 012: the write
 * runs in the append's transaction, in the database) and in TypeScript in jobs-projection.ts (which folds the log's
 * events in a rebuild, or where the store cannot write inline); jobs-rows-equal.int.test.ts proves them equal.
 */
export const jobRow = (id: string, s: JobState, version: number): Record<string, unknown> | null => {
  if (s.status === "none") return null;
  if (s.status === "expired") return { job_id: id, status: "expired", version };
  const channelKey = typeof s.parameters?.channelKey === "string" ? s.parameters.channelKey : null;
  return {
    job_id: id,
    definition_id: s.definitionId,
    status: s.status,
    parameters: s.parameters ?? {},
    channel_key: channelKey,
    run_at: s.runAt,
    trigger: s.trigger,
    created_at: s.createdAt,
    started_at: s.startedAt ?? null,
    finished_at: s.finishedAt ?? null,
    ...(s.status === "succeeded" ? { result: s.result ?? null } : {}),
    error: s.error ?? null,
    attempt: s.attempt,
    errors: s.errors,
    run_id: s.runId ?? null,
    depends_on: s.dependsOn ?? null,
    dependents: s.dependents ?? null,
    batch_id: s.batchId ?? null,
    cancel_reason: s.cancelReason ?? null,
    version,
  };
};

/** The jobs read model written in each job append's transaction, where the store can. */
export const inlineJobRow: NonNullable<Projection["inline"]> = {
  actorType: "job",
  fn: "jobs_write_rows",
  arg: (id, state, version) => jobRow(id, state as JobState, version),
};
