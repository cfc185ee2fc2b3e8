import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openDatabase } from "./database.ts";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("Database.sessionPool (PostgreSQL)", () => {
  it("starts every session with its settings, in the database's schema, and keeps a URL's own options", async () => {
    const withOptions = new URL(url!);
    withOptions.searchParams.set("options", "-c application_name=from_url");
    const db = await openDatabase({ url: withOptions.toString(), schema: "t_session_pool", maxConnections: 2 });
    const side = db.sessionPool!({ statement_timeout: "1234", default_transaction_read_only: "on" }, 2);
    try {
      const show = async (name: string) =>
        (await sql<Record<string, string>>`SELECT current_setting(${name}) AS v`.execute(side)).rows[0]!.v;
      expect(await show("statement_timeout")).toBe("1234ms");
      expect(await show("default_transaction_read_only")).toBe("on");
      expect(await show("search_path")).toBe("t_session_pool");
      expect(await show("application_name")).toBe("from_url");
      await expect(sql`CREATE TABLE t_session_pool.nope (id int)`.execute(side)).rejects.toMatchObject({
        code: "25006",
      });
      // The shared pool is untouched.
      expect(
        (await sql<{ v: string }>`SELECT current_setting('statement_timeout') AS v`.execute(db.kysely)).rows[0]!.v,
      ).toBe("0");
      expect(() => db.sessionPool!({ "statement_timeout; DROP": "1" }, 1)).toThrow("Invalid session setting");
    } finally {
      await side.destroy();
      await db.pool.query("DROP SCHEMA IF EXISTS t_session_pool CASCADE");
      await db.close();
    }
  });
});
