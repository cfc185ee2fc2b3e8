import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "./testing/index.ts";

const url = process.env.DATABASE_URL;
let db: Awaited<ReturnType<typeof createTestDatabase>>;

describe.skipIf(!url)("prepared statements after another process's migration (PostgreSQL)", () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query("CREATE TABLE replan_items (id text PRIMARY KEY)");
    await db.pool.query("INSERT INTO replan_items (id) VALUES ('a')");
  });
  afterAll(() => db?.close());

  it("answers a prepared SELECT * again once a column was added under it, on the pool and through Kysely", async () => {
    const viaKysely = () => db.kysely.selectFrom("replan_items").selectAll().execute();
    const viaPool = async () => (await db.pool.query("SELECT * FROM replan_items")).rows;
    // Prepared on several of the pool's sessions.
    for (let i = 0; i < 3; i++) await Promise.all([viaKysely(), viaKysely(), viaPool(), viaPool()]);
    await db.pool.query("ALTER TABLE replan_items ADD COLUMN note text NOT NULL DEFAULT 'n'");
    for (let i = 0; i < 3; i++) {
      const [k1, k2, p1, p2] = await Promise.all([viaKysely(), viaKysely(), viaPool(), viaPool()]);
      for (const rows of [k1, k2, p1, p2]) expect(rows).toEqual([{ id: "a", note: "n" }]);
    }
  });
});
