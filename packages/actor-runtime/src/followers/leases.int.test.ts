import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@platform/db";
import type { Database } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import { checkpointStore, runtimeMigrations } from "./checkpoints.ts";
import { createFollowerLeases } from "./leases.ts";

const postgres = !!process.env.DATABASE_URL;

describe("follower leases", () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db, [{ context: "runtime", migrations: runtimeMigrations }]);
  });
  afterAll(() => db.close());

  const row = async (name: string) =>
    (
      await db.pool.query<{ owner: string | null; future: boolean }>(
        "SELECT owner, lease_until > now() AS future FROM rt_checkpoints WHERE name = $1",
        [name],
      )
    ).rows[0];
  const fresh = async (name: string, position: string | null = null) => {
    await checkpointStore(db.pool).ensure(name);
    await db.pool.query("UPDATE rt_checkpoints SET position = $2 WHERE name = $1", [name, position]);
  };

  it(
    "picks the kind from the engine: a session lock on PostgreSQL, the process on the embedded " +
      "engine, time when asked",
    async () => {
      const auto = createFollowerLeases(db);
      const time = createFollowerLeases(db, "time");
      expect([auto.kind, time.kind]).toEqual([postgres ? "session" : "process", "time"]);
      await auto.close();
    },
  );

  it("keeps one holder at a time among runners of one process, whatever the kind", async () => {
    for (const kind of ["auto", "time"] as const) {
      const name = `one-holder-${kind}`;
      await fresh(name, "0000000000000042");
      const a = createFollowerLeases(db, kind);
      const b = createFollowerLeases(db, kind);
      try {
        expect(await a.claim(name)).toEqual({ position: "0000000000000042" });
        expect(await b.claim(name)).toBeUndefined();
        expect((await row(name))?.owner).toBe(a.owner);
        // Renewing is claiming again; a release lets the other in.
        expect(await a.claim(name)).toEqual({ position: "0000000000000042" });
        await a.release(name);
        expect(await b.claim(name)).toEqual({ position: "0000000000000042" });
        expect(await a.claim(name)).toBeUndefined();
      } finally {
        await a.close();
        await b.close();
      }
    }
  });

  it("leaves a timed lease of another owner alone until it runs out", async () => {
    await fresh("timed");
    await db.pool.query(
      "UPDATE rt_checkpoints SET owner = '1-other-process/x', lease_until = now() + interval '1 " +
        "hour' WHERE name = 'timed'",
    );
    const leases = createFollowerLeases(db, "time");
    expect(await leases.claim("timed")).toBeUndefined();
    await db.pool.query("UPDATE rt_checkpoints SET lease_until = now() - interval '1 second' WHERE name = 'timed'");
    expect(await leases.claim("timed")).toEqual({ position: null });
  });

  it.skipIf(postgres)(
    "embedded: takes a lease of another process at once, as that process cannot be running",
    async () => {
      await fresh("embedded", "0000000000000007");
      await db.pool.query(
        "UPDATE rt_checkpoints SET owner = '4242-killed-process/x', lease_until = now() + interval " +
          "'15 seconds' WHERE name = 'embedded'",
      );
      const leases = createFollowerLeases(db);
      expect(await leases.claim("embedded")).toEqual({ position: "0000000000000007" });
      expect(await row("embedded")).toEqual({ owner: leases.owner, future: true });
      // The dead owner's writes are fenced off by the row naming the new owner.
      expect(
        await checkpointStore(db.pool).move(
          "embedded",
          "4242-killed-process/x",
          "0000000000000007",
          "0000000000000009",
        ),
      ).toBe(false);
    },
  );

  it.runIf(postgres)(
    "PostgreSQL: the lease goes the moment its holder's connection dies, and the old holder is fenced off",
    async () => {
      await fresh("session", "0000000000000003");
      const a = createFollowerLeases(db);
      const b = createFollowerLeases(db);
      try {
        expect(await a.claim("session")).toEqual({ position: "0000000000000003" });
        const claimedAt = Date.now();
        expect(await b.claim("session")).toBeUndefined();
        // A's lease connection dies (as with its process killed): the server drops its locks.
        const { rows } = await db.pool.query<{ pid: number }>(
          "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = " +
            "hashtext('rt_followers')::oid AND objid = hashtext(current_schema() || ':session')::oid " +
            "AND granted",
        );
        expect(rows).toHaveLength(1);
        await db.pool.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
        // pg_terminate_backend only signals: the backend (and its locks) goes a moment later, under load not at once.
        await expect
          .poll(
            async () =>
              (await db.pool.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [rows[0]!.pid])).rows.length,
            { timeout: 5_000, interval: 10 },
          )
          .toBe(0);
        // No lease to wait out: B takes it at once, though the row's lease_until is 15 s ahead.
        expect((await row("session"))?.future).toBe(true);
        expect(await b.claim("session")).toEqual({ position: "0000000000000003" });
        expect((await row("session"))?.owner).toBe(b.owner);
        // A notices, cannot get it back, and cannot move the checkpoint.
        await expect.poll(() => a.holds("session", claimedAt)).toBe(false);
        expect(await a.claim("session")).toBeUndefined();
        expect(await checkpointStore(db.pool).move("session", a.owner, "0000000000000003", "0000000000000005")).toBe(
          false,
        );
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
