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
  // Recorded component runs (runs/run-store.ts): not events, since they hold what a run saw, personal data included,
  // and are deleted after APPS_RUN_RECORDS_DAYS or with the person they name.
  {
    id: "003-apps-run-records",
    sql: `
CREATE TABLE apps_run_records (
  run_id text PRIMARY KEY,
  app_id text NOT NULL,
  component_id text NOT NULL,
  trigger text NOT NULL,
  outcome text NOT NULL,
  error_message text,
  at timestamptz NOT NULL,
  duration_ms double precision NOT NULL,
  principal_id text,
  record jsonb NOT NULL
);
CREATE INDEX apps_run_records_by_app ON apps_run_records (app_id, at DESC, run_id DESC);
CREATE INDEX apps_run_records_by_age ON apps_run_records (at);
CREATE INDEX apps_run_records_by_principal ON apps_run_records (principal_id) WHERE principal_id IS NOT NULL;`,
  },
];
