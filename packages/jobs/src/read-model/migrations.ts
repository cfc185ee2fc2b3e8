import type { Migration } from "@platform/db";

/** The jobs context's tables. Same SQL on PostgreSQL 15+ and PGlite. */
export const jobsMigrations: readonly Migration[] = [
  {
    id: "001-job-definitions",
    sql: `
CREATE TABLE jobs_definitions (
  definition_id text PRIMARY KEY,
  actor_id text NOT NULL,
  app_id text,
  spec jsonb NOT NULL,
  override jsonb,
  writer jsonb NOT NULL,
  version int NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX jobs_definitions_app ON jobs_definitions (app_id) WHERE app_id IS NOT NULL;`,
  },
];
