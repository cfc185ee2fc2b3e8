import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPglitePool } from "./pglite-pool.ts";
import { pgliteTemplate } from "./testing/pglite-template.ts";

let pool: Awaited<ReturnType<typeof createPglitePool>>;

beforeAll(async () => {
  pool = await createPglitePool(undefined, await pgliteTemplate([]));
  await pool.query(
    "CREATE TABLE items (id text PRIMARY KEY, n integer, flag boolean, doc jsonb, tags text[], at timestamptz)",
  );
});
afterAll(() => pool?.end());

describe("parameterised statements on PGlite (prepared, one message each)", () => {
  it("stores and reads every parameter kind as PGlite's own query does", async () => {
    const at = new Date("2026-03-04T05:06:07.089Z");
    const insert = "INSERT INTO items (id, n, flag, doc, tags, at) VALUES ($1, $2, $3, $4, $5, $6)";
    const first = await pool.query(insert, ["a", 7, true, JSON.stringify({ x: [1, "two"] }), ["p", 'q"r', "s,t"], at]);
    expect(first.rowCount).toBe(1);
    await pool.query(insert, ["b", null, false, { y: null }, [], null]);
    const select = "SELECT id, n, flag, doc, tags, at FROM items WHERE id = ANY($1::text[]) ORDER BY id";
    const ours = await pool.query(select, [["a", "b", "none"]]);
    const theirs = await pool.raw.query(select, [["a", "b", "none"]]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows).toEqual([
      { id: "a", n: 7, flag: true, doc: { x: [1, "two"] }, tags: ["p", 'q"r', "s,t"], at },
      { id: "b", n: null, flag: false, doc: { y: null }, tags: [], at: null },
    ]);
    // The second call of a text runs its prepared statement and answers the same.
    expect((await pool.query(select, [["b"]])).rows).toEqual([ours.rows[1]]);
    expect((await pool.query("UPDATE items SET n = n + $1 WHERE n IS NOT NULL", [1])).rowCount).toBe(1);
  });

  it("raises the server's error with its code and constraint, and goes on", async () => {
    const insert = "INSERT INTO items (id) VALUES ($1)";
    await pool.query(insert, ["dup"]);
    const error = await pool.query(insert, ["dup"]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey" });
    expect((await pool.query(insert, ["dup2"])).rowCount).toBe(1);
    // A text whose very first call is refused after its Parse took: the next call runs it.
    const upsertless = "INSERT INTO items (id, n) VALUES ($1, $2)";
    await expect(pool.query(upsertless, ["dup", 1])).rejects.toMatchObject({ code: "23505" });
    expect((await pool.query(upsertless, ["fresh", 1])).rowCount).toBe(1);
    expect((await pool.query(upsertless, ["fresh2", 2])).rowCount).toBe(1);
  });

  it("parses a text again after its first parse failed (a table that did not exist yet)", async () => {
    const select = "SELECT id FROM later WHERE id = $1";
    await expect(pool.query(select, ["x"])).rejects.toMatchObject({ code: "42P01" });
    await pool.query("CREATE TABLE later (id text PRIMARY KEY); INSERT INTO later VALUES ('x')");
    expect((await pool.query(select, ["x"])).rows).toEqual([{ id: "x" }]);
  });

  it("answers a prepared SELECT * again once a column was added under it", async () => {
    await pool.query("CREATE TABLE grows (id text PRIMARY KEY); INSERT INTO grows VALUES ('g')");
    const select = "SELECT * FROM grows WHERE id = $1";
    expect((await pool.query(select, ["g"])).rows).toEqual([{ id: "g" }]);
    await pool.query("ALTER TABLE grows ADD COLUMN note text NOT NULL DEFAULT 'n'");
    expect((await pool.query(select, ["g"])).rows).toEqual([{ id: "g", note: "n" }]);

    // Inside a transaction the error aborts it; the statement is parsed again after it.
    await pool.query("ALTER TABLE grows ADD COLUMN more integer NOT NULL DEFAULT 2");
    const connection = await pool.connect();
    try {
      await connection.query("BEGIN");
      await expect(connection.query(select, ["g"])).rejects.toMatchObject({ code: "0A000" });
      await connection.query("ROLLBACK");
    } finally {
      connection.release();
    }
    expect((await pool.query(select, ["g"])).rows).toEqual([{ id: "g", note: "n", more: 2 }]);
  });

  it("plans a pattern search for its value each time (not prepared) and answers it", async () => {
    const search = "SELECT id FROM items WHERE id LIKE $1 ORDER BY id";
    expect((await pool.query(search, ["du%"])).rows).toEqual([{ id: "dup" }, { id: "dup2" }]);
    expect((await pool.query(search, ["a%"])).rows).toEqual([{ id: "a" }]);
    const prepared = (await pool.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );
    expect(prepared).toContain("SELECT id FROM later WHERE id = $1");
    expect(prepared).not.toContain(search);
  });
});
