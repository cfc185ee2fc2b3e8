import type { Database } from "@platform/db";
import type { BackgroundTask } from "../context.ts";
import type { Logger } from "../logger.ts";

type EmbeddedVacuumOptions = {
  readonly db: Pick<Database, "pool" | "schema">;
  /** From the end of one scheduled pass to the start of the next (PGLITE_VACUUM_INTERVAL_MS). */
  readonly intervalMs: number;
  /**
   * How long after an erasure its pass starts: the erasure's last writes (a projection's delete) land first. Default 1
   * s.
   */
  readonly settleMs?: number;
  /** Calls the listener after each erasure; answers how to stop. */
  readonly erasures?: (listener: () => void) => () => void;
  readonly log: Logger;
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The embedded engine has no autovacuum: an updated or deleted row's old version, and its
 * index entries, stay in the files until a VACUUM, including the versions that held what an
 * erasure took away. This task vacuums every table of the schema every `intervalMs`, and soon
 * after an erasure the tables with dead row versions (the ones it touched). Plain VACUUM, one
 * table per statement: PGlite runs one statement at a time, so requests waiting on the
 * database go between two tables. Passes never overlap; `stop` waits for the one under way.
 * VACUUM frees a dead version's space for reuse; it does not overwrite it (VACUUM FULL would
 * rewrite the table, locked, at the cost of its size again): the bytes may stay until reused.
 */
export const embeddedVacuum = (options: EmbeddedVacuumOptions): BackgroundTask => {
  const { pool, schema } = options.db;
  let running = false;
  let scheduled: NodeJS.Timeout | undefined;
  let afterErasure: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let passes: Promise<void> = Promise.resolve();

  const vacuum = async (tables: readonly string[]) => {
    for (const table of tables) {
      if (!running) return;
      await pool.query(`VACUUM ${quote(schema)}.${quote(table)}`);
      await nextTurn();
    }
  };
  const names = async (sql: string) => (await pool.query<{ name: string }>(sql, [schema])).rows.map((r) => r.name);
  const everyTable = () =>
    names(`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'm') ORDER BY 1`);
  const deadRowTables = async () => {
    // The statistics get this session's counts when it next goes idle, else up to a second later.
    await pool.query("SELECT pg_stat_force_next_flush()");
    return names("SELECT relname AS name FROM pg_stat_user_tables WHERE schemaname = $1 AND n_dead_tup > 0 ORDER BY 1");
  };
  const pass = (kind: "scheduled" | "erasure", tables: () => Promise<readonly string[]>) => {
    passes = passes.then(async () => {
      if (!running) return;
      const started = performance.now();
      try {
        const list = await tables();
        await vacuum(list);
        options.log.debug(
          { kind, tables: list.length, ms: Math.round(performance.now() - started) },
          "embedded engine vacuumed",
        );
      } catch (err) {
        options.log.error({ err, kind }, "embedded engine vacuum failed");
      }
    });
    return passes;
  };
  const schedule = () => {
    clearTimeout(scheduled);
    scheduled = setTimeout(
      () => void pass("scheduled", everyTable).then(() => running && schedule()),
      options.intervalMs,
    );
  };
  const erased = () => {
    // One pass for every erasure until it starts: a bulk erasure is vacuumed once, not once per subject.
    if (!running || afterErasure) return;
    afterErasure = setTimeout(() => {
      afterErasure = undefined;
      void pass("erasure", deadRowTables);
    }, options.settleMs ?? 1000);
  };

  return {
    name: "embedded-vacuum",
    start() {
      if (running) return;
      running = true;
      unsubscribe = options.erasures?.(erased);
      schedule();
    },
    async stop() {
      running = false;
      clearTimeout(scheduled);
      clearTimeout(afterErasure);
      afterErasure = undefined;
      unsubscribe?.();
      unsubscribe = undefined;
      await passes;
    },
  };
};
