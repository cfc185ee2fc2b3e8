import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A database of its own on the test server (a schema is not enough behind a pooler: PgBouncer does not pass a
 * connection's search_path option on), dropped with every connection to it.
 */
export const createServerDatabase = async (
  serverUrl: string,
  prefix = "t",
): Promise<{ readonly name: string; readonly url: string; drop(): Promise<void> }> => {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  url.search = "";
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
};
