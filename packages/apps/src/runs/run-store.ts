import type { Database } from "@platform/db";
import type { RunOutcome, RunRecord } from "./run-record.ts";

/** A record over this many bytes of JSON keeps its input and logs but not its ctx answers (run-record.ts). */
export const MAX_RECORD_BYTES = 4 * 1024 * 1024;

/** A row of GET /resources/apps/{appId}/runs. */
export type RunSummary = Pick<
  RunRecord,
  "runId" | "componentId" | "trigger" | "outcome" | "errorMessage" | "at" | "durationMs"
>;

type Row = {
  run_id: string;
  component_id: string;
  trigger: RunSummary["trigger"];
  outcome: RunOutcome;
  error_message: string | null;
  at: Date | string;
  duration_ms: number;
};

const summary = (r: Row): RunSummary => ({
  runId: r.run_id,
  componentId: r.component_id,
  trigger: r.trigger,
  outcome: r.outcome,
  errorMessage: r.error_message,
  at: new Date(r.at).toISOString(),
  durationMs: Number(r.duration_ms),
});

/** Keeps a record whole when it fits, else without its ctx answers (marked truncated, not replayable). */
const fitted = (record: RunRecord): string => {
  const whole = JSON.stringify(record);
  if (Buffer.byteLength(whole) <= MAX_RECORD_BYTES) return whole;
  const lean = JSON.stringify({
    ...record,
    calls: record.calls.map((c) => ({ name: c.name, args: [], answer: null })),
    result: null,
    truncated: true,
  });
  if (Buffer.byteLength(lean) <= MAX_RECORD_BYTES) return lean;
  return JSON.stringify({ ...JSON.parse(lean), input: { params: null, request: null }, logs: [] });
};

/** The apps context's recorded runs (table apps_run_records): written once, read by app, deleted by age or person. */
export const createRunStore = (db: Pick<Database, "pool">) => ({
  async insert(record: RunRecord, principalId: string | undefined): Promise<void> {
    await db.pool.query(
      `INSERT INTO apps_run_records
         (run_id, app_id, component_id, trigger, outcome, error_message, at, duration_ms, principal_id, record)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb) ON CONFLICT (run_id) DO NOTHING`,
      [
        record.runId,
        record.appId,
        record.componentId,
        record.trigger,
        record.outcome,
        record.errorMessage,
        record.at,
        record.durationMs,
        principalId ?? null,
        fitted(record),
      ],
    );
  },

  /**
   * Newest first, after or before a cursor (a row's `at` and run id), optionally of one component or outcome; with how
   * many match in all.
   */
  async list(
    appId: string,
    filter: { componentId?: string | undefined; outcome?: RunOutcome | undefined },
    page: { limit: number; after?: readonly string[] | undefined; before?: readonly string[] | undefined },
  ): Promise<{ runs: RunSummary[]; totalCount: number }> {
    const params: unknown[] = [appId];
    let where = "app_id = $1";
    if (filter.componentId) where += ` AND component_id = $${params.push(filter.componentId)}`;
    if (filter.outcome) where += ` AND outcome = $${params.push(filter.outcome)}`;
    const filtered = where;
    const counted = [...params];
    const cursor = page.after ?? page.before;
    if (cursor) {
      const at = params.push(cursor[0]);
      const id = params.push(cursor[1]);
      where += ` AND (at, run_id) ${page.after ? "<" : ">"} ($${at}::timestamptz, $${id})`;
    }
    const order = page.before ? "ASC" : "DESC";
    const [{ rows }, count] = await Promise.all([
      db.pool.query<Row>(
        `SELECT run_id, component_id, trigger, outcome, error_message, at, duration_ms FROM apps_run_records
          WHERE ${where} ORDER BY at ${order}, run_id ${order} LIMIT ${page.limit}`,
        params,
      ),
      db.pool.query<{ n: string | number }>(`SELECT count(*) AS n FROM apps_run_records WHERE ${filtered}`, counted),
    ]);
    const runs = rows.map(summary);
    return { runs: page.before ? runs.reverse() : runs, totalCount: Number(count.rows[0]?.n ?? 0) };
  },

  async get(appId: string, runId: string): Promise<RunRecord | undefined> {
    const { rows } = await db.pool.query<{ record: RunRecord | string }>(
      "SELECT record FROM apps_run_records WHERE app_id = $1 AND run_id = $2",
      [appId, runId],
    );
    const record = rows[0]?.record;
    return typeof record === "string" ? (JSON.parse(record) as RunRecord) : record;
  },

  /** Deletes the records older than `days`; how many. */
  async expire(days: number): Promise<number> {
    const { rowCount } = await db.pool.query(
      "DELETE FROM apps_run_records WHERE at < now() - make_interval(days => $1::int)",
      [days],
    );
    return rowCount ?? 0;
  },

  /**
   * Deletes every record a person is in: run by them (`principalId`), or holding one of these texts (their id,
   * emails, phone numbers) anywhere in its input, ctx calls, answers or logs, in any letter case.
   */
  async erase(texts: readonly string[], principalId?: string): Promise<number> {
    const needles = [...new Set(texts.map((t) => t.trim().toLowerCase()).filter((t) => t.length >= 3))];
    const { rowCount } = await db.pool.query(
      `DELETE FROM apps_run_records
        WHERE ($1::text IS NOT NULL AND principal_id = $1)
           OR EXISTS (SELECT 1 FROM unnest($2::text[]) AS n WHERE strpos(lower(record::text), n) > 0)`,
      [principalId ?? null, needles],
    );
    return rowCount ?? 0;
  },
});

export type RunStore = ReturnType<typeof createRunStore>;
