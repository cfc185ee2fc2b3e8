import { randomBytes } from "node:crypto";
import { openDatabase } from "../database.ts";
import type { Database } from "../database.ts";
import type { MigrationSet } from "../migrator.ts";
import { pgliteTemplate } from "./pglite-template.ts";

export type TestDatabaseOptions = {
  /**
   * The migrations the test will run (bootPlatform runs them again and finds them applied).
   * On PGlite the database starts from an image with them applied, made once per set and
   * kept on disk (`pgliteTemplate`): seconds less per test file. Ignored on PostgreSQL.
   */
  readonly migrations?: readonly MigrationSet[];
};

/**
 * A fresh, isolated database for one test file: in-memory PGlite, or, when DATABASE_URL is
 * set, a new schema on that server (dropped on close) so parallel test files never meet.
 */
export const createTestDatabase = async (
  options: TestDatabaseOptions = {},
): Promise<Database & { readonly url: string | undefined }> => {
  const url = process.env.DATABASE_URL || undefined;
  const schema = url ? `t_${randomBytes(6).toString("hex")}` : undefined;
  const db = await openDatabase({
    url,
    schema,
    maxConnections: 12,
    ...(url ? {} : { pgliteImage: await pgliteTemplate(options.migrations ?? []) }),
  });
  return {
    ...db,
    url,
    close: async () => {
      if (url && schema) await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await db.close();
    },
  };
};
