import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "../database.ts";
import { migrate } from "../migrator.ts";
import { createTestDatabase } from "./test-database.ts";

const opened: Database[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});
const open = async (...args: Parameters<typeof createTestDatabase>) => {
  const db = await createTestDatabase(...args);
  opened.push(db);
  return db;
};

// A set no other test has: its image is made here, or was by an earlier run of this file.
const sets = [
  {
    context: "template-test",
    migrations: [
      {
        id: "001",
        sql:
          "CREATE TABLE t_notes (id text PRIMARY KEY, body text NOT NULL); INSERT INTO t_notes VALUES " +
          "('seed', 'from the migration')",
      },
    ],
  },
];

describe.skipIf(!!process.env.DATABASE_URL)("a PGlite test database from a migrated image", () => {
  it("starts with the migrations applied, and migrating again applies nothing", async () => {
    const db = await open({ migrations: sets });
    expect((await db.pool.query("SELECT id, body FROM t_notes")).rows).toEqual([
      { id: "seed", body: "from the migration" },
    ]);
    expect(await migrate(db, sets)).toEqual([]);
  });

  it("is each test's own: a write in one database is not in the next from the same image", async () => {
    const a = await open({ migrations: sets });
    await a.pool.query("INSERT INTO t_notes VALUES ('mine', 'only in a')");
    const b = await open({ migrations: sets });
    expect((await b.pool.query("SELECT id FROM t_notes ORDER BY id")).rows).toEqual([{ id: "seed" }]);
    expect((await a.pool.query("SELECT id FROM t_notes ORDER BY id")).rows).toEqual([{ id: "mine" }, { id: "seed" }]);
  });

  it("follows the migrations' text: a changed migration gets an image of its own", async () => {
    const changed = [
      {
        context: sets[0]!.context,
        migrations: [{ id: "001", sql: "CREATE TABLE t_notes (id text PRIMARY KEY, body text NOT NULL, at int)" }],
      },
    ];
    const db = await open({ migrations: changed });
    expect((await db.pool.query("SELECT count(*)::int AS n FROM t_notes")).rows).toEqual([{ n: 0 }]);
    expect(
      (
        await db.pool.query(
          "SELECT column_name FROM information_schema.columns WHERE table_name = 't_notes' ORDER BY ordinal_position",
        )
      ).rows.map((r) => (r as { column_name: string }).column_name),
    ).toEqual(["id", "body", "at"]);
  });

  it("without migrations is an empty database", async () => {
    const db = await open();
    expect(
      (await db.pool.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'"))
        .rows,
    ).toEqual([{ n: 0 }]);
  });
});
