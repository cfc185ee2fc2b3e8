import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../database.ts";
import type { Database } from "../database.ts";
import { startStandby } from "../testing/index.ts";
import type { Standby } from "../testing/index.ts";
import { lsnValue, readsMayUseReplicas, withReadScope } from "./read-scope.ts";

const serverUrl = process.env.DATABASE_URL;
const MAX_LAG_MS = 1500;

/** Which server answered: true for the standby. */
const onStandby = async (db: Database) =>
  (await db.pool.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby")).rows[0]!.standby;
const viaKysely = async (db: Database) =>
  (await sql<{ standby: boolean }>`SELECT pg_is_in_recovery() AS standby`.execute(db.kysely)).rows[0]!.standby;
/** As a request of an authenticated caller that must see `after`. */
const asReader = async <T>(after: bigint | undefined, fn: () => Promise<T>) =>
  (
    await withReadScope(after, true, async () => {
      readsMayUseReplicas();
      return fn();
    })
  ).result;

describe.runIf(serverUrl)("reads on a hot standby (PostgreSQL)", () => {
  let standby: Standby;
  let db: Database;
  const schema = `replica_${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    standby = await startStandby(serverUrl!);
    const url = new URL(serverUrl!);
    db = await openDatabase({
      url: serverUrl,
      schema,
      readUrls: [standby.url(url.toString())],
      readMaxLagMs: MAX_LAG_MS,
      readWaitMs: 300,
    });
    await db.pool.query("CREATE TABLE notes (id int PRIMARY KEY)");
  }, 120_000);
  afterAll(async () => {
    await db?.pool.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
    await db?.close();
    await standby?.stop();
  });

  it("sends a request's reads there only once its caller is known, and never a write or what follows one", async () => {
    expect(await onStandby(db)).toBe(false);
    expect((await withReadScope(undefined, true, () => onStandby(db))).result).toBe(false);
    const post = await withReadScope(undefined, false, async () => {
      readsMayUseReplicas();
      return onStandby(db);
    });
    expect(post).toEqual({ result: false, wrote: true });
    expect(await asReader(undefined, () => onStandby(db))).toBe(true);
    expect(await asReader(undefined, () => viaKysely(db))).toBe(true);
    const afterWrite = await asReader(undefined, async () => {
      await db.pool.query("INSERT INTO notes VALUES (1)");
      return [await onStandby(db), await viaKysely(db)];
    });
    expect(afterWrite).toEqual([false, false]);
    expect(await asReader(undefined, () => db.transaction((tx) => tx.query("SELECT 1")))).toBeDefined();
  });

  it("reads a write it must see on the primary while the standby has not replayed it, there once it has", async () => {
    await standby.pause();
    try {
      await db.pool.query("INSERT INTO notes VALUES (2)");
      const position = lsnValue(await db.replicas!.writePosition());
      const read = () =>
        asReader(position, async () => [
          await onStandby(db),
          (await db.pool.query("SELECT id FROM notes WHERE id = 2")).rows,
        ]);
      expect(await read()).toEqual([false, [{ id: 2 }]]);
    } finally {
      await standby.resume();
    }
    const position = lsnValue(await db.replicas!.writePosition());
    await expect
      .poll(() =>
        asReader(position, async () => [await onStandby(db), (await db.pool.query("SELECT id FROM notes")).rows]),
      )
      .toEqual([true, [{ id: 1 }, { id: 2 }]]);
  });

  it("bypasses a standby that lags further than the limit, for every read", async () => {
    await expect.poll(() => asReader(undefined, () => onStandby(db))).toBe(true);
    await standby.pause();
    try {
      await db.pool.query("INSERT INTO notes VALUES (3)");
      // Within the limit it may still answer (stale by design); past it, never.
      await new Promise((r) => setTimeout(r, MAX_LAG_MS + 500));
      expect(db.replicas!.status()).toEqual([{ replayed: expect.any(BigInt), readable: false }]);
      expect(
        await asReader(undefined, async () => [
          await onStandby(db),
          (await db.pool.query("SELECT count(*)::int AS n FROM notes")).rows,
        ]),
      ).toEqual([false, [{ n: 3 }]]);
    } finally {
      await standby.resume();
    }
    await expect.poll(() => db.replicas!.status()[0]!.readable, { timeout: 5000 }).toBe(true);
  });
});
