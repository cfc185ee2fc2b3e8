import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import type { Database } from "./database.ts";
import { createServerDatabase, startPgBouncer } from "./testing/index.ts";
import type { PgBouncer } from "./testing/index.ts";

const serverUrl = process.env.DATABASE_URL;

/** The same short statement from many clients at once: each would prepare it on its own session. */
const hammer = (db: Database, clients: number, rounds: number) =>
  Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let r = 0; r < rounds; r++) await db.pool.query("SELECT $1::int AS n", [c * rounds + r]);
    }),
  );

describe.runIf(serverUrl)("through PgBouncer in transaction mode (PostgreSQL)", () => {
  let bouncer: PgBouncer;
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let db: Database;

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!, "pooler");
    // Two server connections for eight clients: every client's transactions move between them.
    bouncer = await startPgBouncer(serverUrl!, 2);
    db = await openDatabase({ url: bouncer.url(database.name), directUrl: database.url, maxConnections: 8 });
    await db.pool.query("CREATE TABLE pooled (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())");
  }, 30_000);
  afterAll(async () => {
    await db?.close();
    await bouncer?.stop();
    await database?.drop();
  });

  it("runs statements, Kysely queries and transactions from many clients at once", async () => {
    await hammer(db, 8, 25);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO pooled (id) VALUES ($1)", [i]);
          await tx.query("UPDATE pooled SET at = now() WHERE id = $1", [i]);
        }),
      ),
    );
    const counted = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.kysely
          .selectFrom("pooled")
          .select((e) => e.fn.countAll().as("n"))
          .execute(),
      ),
    );
    expect(counted.map((r) => Number(r[0]?.n))).toEqual(Array(20).fill(40));
  });

  it("hears notifications and holds session locks on the direct connection", async () => {
    const heard: string[] = [];
    await db.listen("pooled_channel", (p) => heard.push(p));
    await db.notify("pooled_channel", "through the pooler");
    await expect.poll(() => heard).toEqual(["through the pooler"]);

    const lease = await db.dedicated!();
    try {
      await lease.query("SELECT pg_advisory_lock(4242)");
      // Taken for good by the dedicated session: a transaction through the pooler cannot have it.
      const [row] = (await db.transaction((tx) => tx.query("SELECT pg_try_advisory_xact_lock(4242) AS ok"))).rows as {
        ok: boolean;
      }[];
      expect(row).toEqual({ ok: false });
    } finally {
      await lease.close();
    }
    const [after] = (await db.transaction((tx) => tx.query("SELECT pg_try_advisory_xact_lock(4242) AS ok"))).rows;
    expect(after).toEqual({ ok: true });
  });

  it("needs the direct URL: named prepared statements through the pooler meet the wrong server session", async () => {
    const naive = await openDatabase({ url: bouncer.url(database.name), maxConnections: 8 });
    try {
      await expect(hammer(naive, 8, 25)).rejects.toThrow(/prepared statement "p_\w+" (does not exist|already exists)/);
    } finally {
      await naive.close();
    }
  });
});
