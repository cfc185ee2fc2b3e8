import { randomBytes } from "node:crypto";
import { openDatabase } from "../database.ts";
import type { Database } from "../database.ts";

/**
 * A fresh, isolated database for one test file: in-memory PGlite, or, when DATABASE_URL is
 * set, a new schema on that server (dropped on close) so parallel test files never meet.
 */
export const createTestDatabase = async (): Promise<Database & { readonly url: string | undefined }> => {
  const url = process.env.DATABASE_URL || undefined;
  const schema = url ? `t_${randomBytes(6).toString("hex")}` : undefined;
  const db = await openDatabase({ url, schema, maxConnections: 12 });
  return {
    ...db,
    url,
    close: async () => {
      if (url && schema) await db.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await db.close();
    },
  };
};
