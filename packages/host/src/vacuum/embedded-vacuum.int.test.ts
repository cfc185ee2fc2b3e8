import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@platform/db/testing";
import type { Database } from "@platform/db";
import { createLogger } from "../logger.ts";
import { embeddedVacuum } from "./embedded-vacuum.ts";

const log = createLogger("silent");
let db: Database;

/** A table's dead row versions and vacuums so far, as the statistics count them now. */
const stats = async (table: string) => {
  // The counts reach the statistics when the session next goes idle; without this, up to a second later.
  await db.pool.query("SELECT pg_stat_force_next_flush()");
  const { rows } = await db.pool.query<{ dead: number; vacuums: number }>(
    "SELECT n_dead_tup::int AS dead, vacuum_count::int AS vacuums FROM pg_stat_user_tables WHERE relname = $1",
    [table],
  );
  return rows[0]!;
};

/** Rows whose every value is then replaced: one dead row version each. */
const rewrite = async (table: string) => {
  await db.pool.query(
    `INSERT INTO ${table} SELECT g, 'first ' || g FROM generate_series(1, 20) g ON CONFLICT (id) DO NOTHING`,
  );
  await db.pool.query(`UPDATE ${table} SET body = 'then ' || id`);
};

// PostgreSQL vacuums by itself (autovacuum): the service vacuums the embedded engine only, which has none.
describe.skipIf(!!process.env.DATABASE_URL)("the embedded engine's vacuum", () => {
  beforeEach(async () => {
    db = await createTestDatabase();
    await db.pool.query(
      "CREATE TABLE v_notes (id int PRIMARY KEY, body text); CREATE TABLE v_other (id int PRIMARY KEY, body text)",
    );
  });
  afterEach(() => db.close());

  it("vacuums every table on its schedule, pass after pass, and no more once stopped", async () => {
    await rewrite("v_notes");
    expect((await stats("v_notes")).dead).toBe(20);
    const vacuum = embeddedVacuum({ db, intervalMs: 100, log });
    vacuum.start();
    // The first pass comes after one interval, not at start.
    expect(await stats("v_notes")).toEqual({ dead: 20, vacuums: 0 });
    await vi.waitFor(async () => expect((await stats("v_other")).vacuums).toBeGreaterThanOrEqual(2), {
      timeout: 5000,
      interval: 20,
    });
    expect((await stats("v_notes")).dead).toBe(0);
    await vacuum.stop();
    const after = await stats("v_notes");
    await new Promise((r) => setTimeout(r, 300));
    expect(await stats("v_notes")).toEqual(after);
  });

  it(
    "after an erasure, vacuums the tables holding dead row versions once the erasure settled, " +
      "not an interval later",
    async () => {
      let erased: (() => void) | undefined;
      const erasures = (listener: () => void) => {
        erased = listener;
        return () => void (erased = undefined);
      };
      const vacuum = embeddedVacuum({ db, intervalMs: 3_600_000, settleMs: 50, erasures, log });
      vacuum.start();
      await rewrite("v_notes");
      await db.pool.query("INSERT INTO v_other VALUES (1, 'untouched')");
      erased!();
      erased!();
      await vi.waitFor(async () => expect(await stats("v_notes")).toEqual({ dead: 0, vacuums: 1 }), {
        timeout: 5000,
        interval: 20,
      });
      // A table the erasure left alone (no dead row versions) is not vacuumed for it.
      expect(await stats("v_other")).toEqual({ dead: 0, vacuums: 0 });
      await vacuum.stop();
      expect(erased).toBeUndefined();
    },
  );
});
