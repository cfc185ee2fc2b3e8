import type { Database } from "./database.ts";

/** One migration of one context. `id` is unique per context and never changes once released. */
export type Migration = { readonly id: string; readonly sql: string };

/** A context's ordered migrations. */
export type MigrationSet = { readonly context: string; readonly migrations: readonly Migration[] };

/**
 * Applies every migration not yet applied, each in its own transaction, in the order given.
 * An advisory lock makes concurrent starts (several processes) apply each exactly once.
 */
export const migrate = async (db: Database, sets: readonly MigrationSet[]): Promise<string[]> => {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':migrations'))");
    // Under the lock: two first starts creating it at once collide even with IF NOT EXISTS (pg_type's unique index).
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (context text NOT NULL, id text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (context, id))`,
    );
    const { rows } = await tx.query<{ context: string; id: string }>("SELECT context, id FROM schema_migrations");
    const done = new Set(rows.map((r) => `${r.context}/${r.id}`));
    for (const set of sets) {
      for (const m of set.migrations) {
        const key = `${set.context}/${m.id}`;
        if (done.has(key)) continue;
        await tx.query(m.sql);
        await tx.query("INSERT INTO schema_migrations (context, id) VALUES ($1, $2)", [set.context, m.id]);
        applied.push(key);
      }
    }
  });
  return applied;
};
