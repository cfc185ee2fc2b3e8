import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompiledQuery } from "kysely";
import type { Database } from "@platform/db";
import type { EventStore } from "@platform/event-store";
import { createTestEventStore } from "@platform/event-store/testing";
import { newId } from "@platform/kernel";
import { createFollowerRunner } from "./follower-runner.ts";
import { runtimeMigrations } from "./checkpoints.ts";
import type { Projection } from "./types.ts";

/** A projection that writes one row per event as one INSERT; the primary key refuses a second application. */
const seen: Projection = {
  name: "seen",
  eventTypes: ["Seen"],
  reset: async (trx) => void (await trx.deleteFrom("t_seen").execute()),
  statement: async (_db, events) => {
    const params = events.flatMap((e) => [e.id, String((e.data as { n: number }).n)]);
    const values = events.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(", ");
    return CompiledQuery.raw(`INSERT INTO t_seen (event_id, n) VALUES ${values}`, params);
  },
};

const ev = (type: string, n: number) => ({ type, data: { n }, metadata: { at: new Date().toISOString() } });

describe("a projection written as one statement with its checkpoint", () => {
  let db: Database;
  let store: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, store, close } = await createTestEventStore([{ context: "runtime", migrations: runtimeMigrations }]));
    await db.pool.query("CREATE TABLE t_seen (event_id text PRIMARY KEY, n text NOT NULL)");
  });
  afterAll(() => close());
  const rows = async () =>
    (await db.pool.query<{ n: string }>("SELECT n FROM t_seen ORDER BY n::int")).rows.map((r) => r.n);
  const stored = async () =>
    (
      await db.pool.query<{ position: string | null }>(
        "SELECT position FROM rt_checkpoints WHERE name = 'projection:seen'",
      )
    ).rows[0]?.position;

  it("applies each event once, skips other types, and survives a restart and a rebuild", async () => {
    const runner = createFollowerRunner({ db, store, pollMs: 50 });
    runner.addProjection(seen);
    runner.start();
    try {
      await store.append(`s-${newId()}`, [ev("Seen", 1), ev("Other", 0), ev("Seen", 2)]);
      const { position } = await store.append(`s-${newId()}`, [ev("Seen", 3)]);
      expect(await runner.waitFor(position)).toBe(true);
      expect(await rows()).toEqual(["1", "2", "3"]);
      expect(await stored()).toBe(position);
    } finally {
      await runner.stop();
    }
    const again = createFollowerRunner({ db, store, pollMs: 50 });
    again.addProjection(seen);
    again.start();
    const { position } = await store.append(`s-${newId()}`, [ev("Seen", 4)]);
    expect(await again.waitFor(position)).toBe(true);
    await again.stop();
    expect(await rows()).toEqual(["1", "2", "3", "4"]);
    expect(await again.rebuild("seen")).toBe(4); // its four Seen events, not the Other
    expect(await rows()).toEqual(["1", "2", "3", "4"]);
  });

  it("writes nothing when its lease was taken, and catches up once the lease comes back", async () => {
    const before = await rows();
    // The timed lease: the session and process kinds take a lease back from an owner they know is gone.
    const runner = createFollowerRunner({ db, store, pollMs: 50, leases: "time" });
    runner.addProjection(seen);
    runner.start();
    try {
      const first = await store.append(`s-${newId()}`, [ev("Seen", 10)]);
      expect(await runner.waitFor(first.position)).toBe(true);
      // Another process takes the projection over (as after this one's lease ran out).
      await db.pool.query(
        "UPDATE rt_checkpoints SET owner = 'thief', lease_until = now() + interval '1 hour' WHERE " +
          "name = 'projection:seen'",
      );
      const second = await store.append(`s-${newId()}`, [ev("Seen", 11)]);
      expect(await runner.waitFor(second.position, 600)).toBe(false);
      expect(await rows()).toEqual([...before, "10"]);
      expect(await stored()).toBe(first.position);
      // The thief gives it back without having moved it: this runner claims it and applies 11 once.
      await db.pool.query(
        "UPDATE rt_checkpoints SET owner = NULL, lease_until = '-infinity' WHERE name = 'projection:seen'",
      );
      expect(await runner.waitFor(second.position, 5000)).toBe(true);
      expect(await rows()).toEqual([...before, "10", "11"]);
    } finally {
      await runner.stop();
    }
  });
});
