import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import type { Database } from "./database.ts";
import { migrate } from "./migrator.ts";

const serverUrl = process.env.DATABASE_URL;
const opened: Database[] = [];
const schema = `migrate_${randomBytes(4).toString("hex")}`;
afterAll(async () => {
  await opened[0]?.pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  for (const db of opened) await db.close();
});

describe.runIf(serverUrl)("migrations started by several processes at once (PostgreSQL)", () => {
  it("apply each once, on a schema none of them has seen", async () => {
    for (let i = 0; i < 6; i++) opened.push(await openDatabase({ url: serverUrl, schema, maxConnections: 2 }));
    const sets = [
      {
        context: "c",
        migrations: [
          { id: "1", sql: "CREATE TABLE things (id int PRIMARY KEY)" },
          { id: "2", sql: "INSERT INTO things VALUES (1)" },
        ],
      },
    ];
    const applied = await Promise.all(opened.map((db) => migrate(db, sets)));
    expect(applied.flat().sort()).toEqual(["c/1", "c/2"]);
    expect((await opened[0]!.pool.query("SELECT id FROM things")).rows).toEqual([{ id: 1 }]);
  });
});
