import { spawn } from "node:child_process";
import pg from "pg";

/** Statements straight to the database (no pooler): what the test reads to check the service's work. */
export const query = async <R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text, values)).rows;
  } finally {
    await c.end();
  }
};

/** Which process (by pid) holds each projection's and reactor's lease. */
export const holders = async (url: string) => {
  const rows = await query<{ name: string; owner: string | null }>(url, "SELECT name, owner FROM rt_checkpoints");
  return new Map(rows.map((r) => [r.name, r.owner === null ? null : Number(r.owner.split("-")[0])]));
};

export type JournalEvent = {
  readonly stream_id: string;
  readonly version: number;
  readonly type: string;
  readonly data: Record<string, unknown>;
};

/** The whole log in its order. */
export const journal = (url: string) =>
  query<JournalEvent>(url, "SELECT stream_id, version, type, data FROM es_events ORDER BY global_position");

/**
 * Every table but the log and the followers' places, each as its rows' JSON sorted: what a rebuild from the log
 * must give again. A row's `projected_at` is left out: it says when the row was written, not what it holds.
 */
export const dumpTables = async (url: string): Promise<Map<string, string[]>> => {
  const tables = await query<{ name: string }>(
    url,
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT LIKE 'es\\_%' AND table_name <> 'rt_checkpoints'
      ORDER BY table_name`,
  );
  const dump = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = await query<{ row: string }>(
      url,
      `SELECT (to_jsonb(t) - 'projected_at')::text AS row FROM "${name}" t`,
    );
    dump.set(name, rows.map((r) => r.row).sort());
  }
  return dump;
};

/** `npm run ops -- <args>` with the service's settings; resolves with its exit code and output. */
export const runOps = (args: readonly string[], env: Record<string, string>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/ops/main.ts", ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => resolve({ code, output: out }));
  });
