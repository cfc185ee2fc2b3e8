import type { Migration } from "@platform/db";

/** The apps context's table. Same SQL on PostgreSQL 15+ and PGlite. */
export const appsMigrations: readonly Migration[] = [
  {
    id: "001-apps",
    sql: `
CREATE TABLE apps_apps (
  app_id text PRIMARY KEY,
  actor_id text NOT NULL,
  name text NOT NULL,
  manifest jsonb NOT NULL,
  components jsonb NOT NULL,
  digest text NOT NULL,
  installed_by jsonb NOT NULL,
  version int NOT NULL,
  installed_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);`,
  },
  // The page `extensions.portal` names, when the app ships one (null before apps could, and without).
  { id: "002-apps-files", sql: `ALTER TABLE apps_apps ADD COLUMN files jsonb;` },
];
