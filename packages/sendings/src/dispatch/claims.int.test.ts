import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { migrate } from "@platform/db";
import { createTestDatabase } from "@platform/db/testing";
import type { Database } from "@platform/db";
import { sendingsMigrations } from "../read-model/migrations.ts";
import { claimNext, holdForCancel, releaseClaim } from "./claims.ts";
import { takeRateSlot } from "./rate-limit.ts";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db, [{ context: "sendings", migrations: sendingsMigrations }]);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.pool.query("DELETE FROM sendings_queue");
  await db.pool.query("DELETE FROM sendings_rate_log");
});

const enqueue = (id: string, dueInMs = -1000, transport = "email") =>
  db.pool.query(
    "INSERT INTO sendings_queue (sending_id, due_at, transport) VALUES ($1, clock_timestamp() + " +
      "make_interval(secs => $2::float8), $3)",
    [id, dueInMs / 1000, transport],
  );
const ALL = ["email", "sms", "push"];
const claim = async (owner: string, leaseMs: number, transports = ALL) =>
  (await claimNext(db.pool, owner, leaseMs, transports))?.id;

describe("queue claims", () => {
  it("gives each due sending to one worker at a time, oldest due first, never one not yet due", async () => {
    await enqueue("b", -500);
    await enqueue("a", -1000);
    await enqueue("later", 60_000);
    expect(await claim("w1", 60_000)).toBe("a");
    expect(await claim("w2", 60_000)).toBe("b");
    expect(await claim("w3", 60_000)).toBeUndefined();
  });

  it("lets another worker take over once a crashed worker's lease has run out", async () => {
    await enqueue("x");
    expect(await claim("crashed", 150)).toBe("x");
    expect(await claim("w2", 60_000)).toBeUndefined();
    await expect.poll(() => claim("w2", 60_000), { timeout: 3000, interval: 25 }).toBe("x");
  });

  it("gives a released claim back at once, but only by its owner", async () => {
    await enqueue("y");
    expect(await claim("w1", 60_000)).toBe("y");
    await releaseClaim(db.pool, "y", "someone-else");
    expect(await claim("w2", 60_000)).toBeUndefined();
    await releaseClaim(db.pool, "y", "w1");
    expect(await claim("w2", 60_000)).toBe("y");
  });

  it(
    "holds a sending for a cancel: busy while a dispatcher has it, and no dispatcher can take " + "it meanwhile",
    async () => {
      // Distinct due times: PGlite's clock may give two inserts the same instant.
      await enqueue("on-the-wire", -2000);
      await enqueue("idle", -1000);
      await enqueue("retry-later", 60_000);
      expect(await claim("w1", 60_000)).toBe("on-the-wire");
      expect(await holdForCancel(db.pool, "on-the-wire", "cancel-1")).toBe("busy");
      expect(await holdForCancel(db.pool, "idle", "cancel-2")).toBe("held");
      expect(await holdForCancel(db.pool, "retry-later", "cancel-3")).toBe("held");
      expect(await holdForCancel(db.pool, "idle", "cancel-4")).toBe("busy");
      expect(await holdForCancel(db.pool, "never-queued", "cancel-5")).toBe("absent");
      expect(await claim("w2", 60_000)).toBeUndefined();
      // A cancel that failed gives the sending back to the dispatchers.
      await releaseClaim(db.pool, "idle", "cancel-2");
      expect(await claim("w2", 60_000)).toBe("idle");
    },
  );

  it("claims only the transports asked for, and says which transport it took", async () => {
    await enqueue("mail", -3000, "email");
    await enqueue("text", -2000, "sms");
    await enqueue("note", -1000, "push");
    expect(await claimNext(db.pool, "w1", 60_000, ["push", "sms"])).toEqual({ id: "text", transport: "sms" });
    expect(await claimNext(db.pool, "w1", 60_000, ["push"])).toEqual({ id: "note", transport: "push" });
    expect(await claimNext(db.pool, "w1", 60_000, ["sms", "push"])).toBeUndefined();
    expect(await claimNext(db.pool, "w1", 60_000, [])).toBeUndefined();
    expect(await claim("w1", 60_000)).toBe("mail");
  });

  it("never hands one sending to two concurrent claimers", async () => {
    for (let i = 0; i < 20; i++) await enqueue(`s${String(i).padStart(2, "0")}`);
    const claimed = await Promise.all(Array.from({ length: 30 }, (_, i) => claim(`w${i}`, 60_000)));
    const got = claimed.filter((x): x is string => x !== undefined);
    expect(got).toHaveLength(20);
    expect(new Set(got).size).toBe(20);
  });
});

describe("rate limit", () => {
  it("allows ratePerMinute slots per sliding minute", async () => {
    expect([
      await takeRateSlot(db, "email", 2),
      await takeRateSlot(db, "email", 2),
      await takeRateSlot(db, "email", 2),
    ]).toEqual([true, true, false]);
  });

  it("counts concurrent takers exactly", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => takeRateSlot(db, "email", 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
  });

  it("keeps one limit per transport", async () => {
    expect([await takeRateSlot(db, "email", 1), await takeRateSlot(db, "email", 1)]).toEqual([true, false]);
    expect([
      await takeRateSlot(db, "sms", 2),
      await takeRateSlot(db, "sms", 2),
      await takeRateSlot(db, "sms", 2),
    ]).toEqual([true, true, false]);
    expect([await takeRateSlot(db, "push", 1), await takeRateSlot(db, "push", 1)]).toEqual([true, false]);
  });

  it("frees slots older than a minute", async () => {
    await db.pool.query(
      "INSERT INTO sendings_rate_log (at) VALUES (clock_timestamp() - interval '61 seconds'), " +
        "(clock_timestamp() - interval '30 seconds')",
    );
    expect(await takeRateSlot(db, "email", 2)).toBe(true);
    expect(await takeRateSlot(db, "email", 2)).toBe(false);
  });
});
