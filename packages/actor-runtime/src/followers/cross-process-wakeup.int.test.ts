import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { AnyDB } from "@platform/db";
import { migrate, openDatabase } from "@platform/db";
import type { Database } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import { createPostgresEventStore, eventStoreMigrations } from "@platform/event-store";
import type { EventStore } from "@platform/event-store";
import { newId } from "@platform/kernel";
import { createFollowerRunner } from "./follower-runner.ts";
import type { FollowerRunner } from "./follower-runner.ts";
import { runtimeMigrations } from "./checkpoints.ts";

const url = process.env.DATABASE_URL;

/** Two "processes" (separate pools and listeners) on one server: the writer's NOTIFY wakes the other's projection. */
describe.skipIf(!url)("followers in another process", () => {
  let writerDb: Database & { url: string | undefined };
  let readerDb: Database;
  let writer: EventStore;
  let reader: EventStore;
  let runners: FollowerRunner[] = [];
  beforeAll(async () => {
    writerDb = await createTestDatabase();
    await migrate(writerDb, [
      { context: "event-store", migrations: eventStoreMigrations },
      { context: "runtime", migrations: runtimeMigrations },
      { context: "t", migrations: [{ id: "1", sql: "CREATE TABLE seen (id text PRIMARY KEY)" }] },
    ]);
    readerDb = await openDatabase({ url, schema: writerDb.schema });
    writer = createPostgresEventStore({ db: writerDb });
    reader = createPostgresEventStore({ db: readerDb });
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await reader.close();
    await writer.close();
    await readerDb.close();
    await writerDb.close();
  });

  const projection = {
    name: "seen",
    reset: async () => undefined,
    apply: async (trx: Kysely<AnyDB>, events: readonly { id: string }[]) => {
      for (const e of events) await sql`INSERT INTO seen (id) VALUES (${e.id})`.execute(trx);
    },
  };

  it("wakes on NOTIFY, long before its fallback poll", async () => {
    const runner = createFollowerRunner({ db: readerDb, store: reader, pollMs: 60_000 });
    runners.push(runner);
    runner.addProjection(projection);
    runner.start();
    await new Promise((r) => setTimeout(r, 300)); // let it claim its lease and go idle
    await writer.append(`w-${newId()}`, [{ type: "X", data: {}, metadata: { at: new Date().toISOString() } }]);
    // Watched in its table, not by runner.waitFor, which would wake the follower itself. Within
    // 5 s, a twelfth of its minute's fallback poll: only the writer's NOTIFY gets it there.
    const applied = async () =>
      (await readerDb.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM seen")).rows[0]!.n;
    await expect.poll(applied, { timeout: 5000, interval: 20 }).toBe(1);
  });

  it("lets only one process follow a projection, and a second one wait on the lease", async () => {
    const other = createFollowerRunner({ db: writerDb, store: writer, pollMs: 50 });
    runners.push(other);
    other.addProjection(projection);
    other.start();
    let head = "";
    for (let i = 0; i < 20; i++)
      head = (
        await writer.append(`w-${newId()}`, [{ type: "X", data: {}, metadata: { at: new Date().toISOString() } }])
      ).position;
    // (Not headPosition(): on a shared server another session's open transaction can hold it back.)
    expect(await other.waitFor(head, 5000)).toBe(true);
    const { rows } = await writerDb.pool.query<{ n: number; d: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM seen",
    );
    expect(rows[0]!.n).toBe(21);
    expect(rows[0]!.d).toBe(21);
  });
});
