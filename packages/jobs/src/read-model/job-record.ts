import type { Json } from "@platform/sandbox";
import { jsonColumn } from "@platform/db";
import type { AttemptError, JobStatus, JobTrigger } from "../job/state.ts";

export type JobRow = {
  readonly job_id: string;
  readonly definition_id: string;
  readonly status: string;
  readonly parameters: Record<string, Json> | string;
  readonly channel_key: string | null;
  readonly run_at: Date | string;
  readonly trigger: string;
  readonly created_at: Date | string;
  readonly started_at: Date | string | null;
  readonly finished_at: Date | string | null;
  /** jsonb, parsed by the driver (pg and PGlite both): a string result is a string. */
  readonly result: Json;
  readonly error: string | null;
  readonly attempt: number;
  /** jsonb (absent from a row written before retries existed). */
  readonly errors?: readonly AttemptError[] | string;
  /** Absent from a row written before runs had ids. */
  readonly run_id?: string | null;
  /** jsonb arrays of job ids (absent from a row written before dependencies existed). */
  readonly depends_on?: readonly string[] | string | null;
  readonly dependents?: readonly string[] | string | null;
  readonly batch_id?: string | null;
  readonly cancel_reason?: string | null;
  readonly version: number;
};

/** A job as the API shows it (docs/JOBS.md, "Jobs"). */
export type JobRecord = {
  readonly jobId: string;
  readonly jobDefinitionId: string;
  readonly parameters: Readonly<Record<string, Json>>;
  readonly runAt: string;
  readonly status: JobStatus;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly result: Json;
  readonly error: string | null;
  readonly attempt: number;
  readonly errors: readonly AttemptError[];
  /** Its latest component run's id; null before its first run. */
  readonly runId: string | null;
  readonly trigger: JobTrigger;
  /** The jobs it waits for (all of them, as scheduled), and those that wait for it. */
  readonly dependsOn: readonly string[];
  readonly dependents: readonly string[];
  readonly batchId: string | null;
  /** `dependency <jobId> <how it ended>` when a dependency cancelled it; null otherwise. */
  readonly cancelReason: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
/** PGlite and pg hand jsonb back parsed; a string here is JSON text. */

export const toJobRecord = (row: JobRow): JobRecord => ({
  jobId: row.job_id,
  jobDefinitionId: row.definition_id,
  parameters: jsonColumn(row.parameters),
  runAt: iso(row.run_at),
  status: row.status as JobStatus,
  createdAt: iso(row.created_at),
  startedAt: isoOrNull(row.started_at),
  finishedAt: isoOrNull(row.finished_at),
  result: row.result ?? null,
  error: row.error,
  attempt: row.attempt,
  errors: row.errors === undefined ? [] : jsonColumn(row.errors),
  runId: row.run_id ?? null,
  trigger: row.trigger as JobTrigger,
  dependsOn: row.depends_on == null ? [] : jsonColumn(row.depends_on),
  dependents: row.dependents == null ? [] : jsonColumn(row.dependents),
  batchId: row.batch_id ?? null,
  cancelReason: row.cancel_reason ?? null,
});
