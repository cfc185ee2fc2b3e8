import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase } from "./testing/index.ts";
import { rowByKey } from "./row-by-key.ts";
import { sharedRead } from "./shared-reads.ts";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query("CREATE SEQUENCE reads_seq");
  await db.pool.query(
    "CREATE TABLE reads_items (id text PRIMARY KEY, name text NOT NULL, tags jsonb NOT NULL DEFAULT '[]')",
  );
  await db.pool.query("INSERT INTO reads_items (id, name) VALUES ('a', 'A'), ('b', 'B')");
});
afterAll(() => db?.close());

/** A marked read whose every execution draws a new number: equal numbers = one execution. */
const draw = (label: string) =>
  sharedRead(
    db.kysely.selectNoFrom([sql<number>`nextval('reads_seq')::int`.as("n"), sql<string>`${label}::text`.as("label")]),
  ).execute();

describe("sharedRead (both engines)", () => {
  it("runs identical marked reads of one turn once, different ones each, and unmarked ones each", async () => {
    const [a1, a2, a3, b] = await Promise.all([draw("a"), draw("a"), draw("a"), draw("b")]);
    expect(a2[0]!.n).toBe(a1[0]!.n);
    expect(a3[0]!.n).toBe(a1[0]!.n);
    expect(b[0]!.n).not.toBe(a1[0]!.n);
    expect(b[0]!.label).toBe("b");
    const plain = () => sql<{ n: number }>`SELECT nextval('reads_seq')::int AS n`.execute(db.kysely);
    const [p1, p2] = await Promise.all([plain(), plain()]);
    expect(p1.rows[0]!.n).not.toBe(p2.rows[0]!.n);
  });

  it("never joins a read already sent: one asked after a write sees it", async () => {
    const list = () => sharedRead(db.kysely.selectFrom("reads_items").select(["id", "name"]).orderBy("id")).execute();
    try {
      for (let i = 0; i < 20; i++) {
        const earlier = list(); // asked before the write: may or may not see it
        await new Promise((r) => setImmediate(r)); // … and sent
        await db.pool.query("INSERT INTO reads_items (id, name) VALUES ('c', 'C')");
        const later = list(); // asked after the write returned: must see it
        expect((await later).map((r) => r.id)).toEqual(["a", "b", "c"]);
        await earlier;
        await db.pool.query("DELETE FROM reads_items WHERE id = 'c'");
      }
    } finally {
      await db.pool.query("DELETE FROM reads_items WHERE id = 'c'");
    }
  });

  it("gives each caller its own rows", async () => {
    const list = () => sharedRead(db.kysely.selectFrom("reads_items").selectAll().orderBy("id")).execute();
    const [x, y] = await Promise.all([list(), list()]);
    delete (x[0] as Record<string, unknown>).name;
    expect(y[0]).toEqual({ id: "a", name: "A", tags: [] });
  });

  it("runs on the transaction's own session inside one (never shared)", async () => {
    await db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("reads_items").values({ id: "t", name: "T" }).execute();
        const inside = await sharedRead(trx.selectFrom("reads_items").select("id").orderBy("id")).execute();
        expect(inside.map((r) => r.id)).toEqual(["a", "b", "t"]);
        await sql`ROLLBACK`.execute(trx).catch(() => undefined);
        throw new Error("undo");
      })
      .catch((e: Error) => expect(e.message).toBe("undo"));
    expect((await db.kysely.selectFrom("reads_items").select("id").execute()).map((r) => r.id).sort()).toEqual([
      "a",
      "b",
    ]);
  });

  it("fails every caller of a failed read", async () => {
    const bad = () => sharedRead(db.kysely.selectFrom("reads_missing").selectAll()).execute();
    const results = await Promise.allSettled([bad(), bad()]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });
});

describe("rowByKey (both engines)", () => {
  it("answers the lookups of one turn in one statement: each its row, unknown keys undefined", async () => {
    const got = await Promise.all([
      rowByKey(db.kysely, "reads_items", "id", "a"),
      rowByKey(db.kysely, "reads_items", "id", "b"),
      rowByKey(db.kysely, "reads_items", "id", "a"),
      rowByKey(db.kysely, "reads_items", "id", "zz"),
    ]);
    expect(got).toEqual([
      { id: "a", name: "A", tags: [] },
      { id: "b", name: "B", tags: [] },
      { id: "a", name: "A", tags: [] },
      undefined,
    ]);
  });

  it("refuses identifiers that are not plain names", async () => {
    await expect(rowByKey(db.kysely, "reads_items; drop table x", "id", "a")).rejects.toThrow("not an identifier");
  });
});
