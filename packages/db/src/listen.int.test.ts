import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "./testing/index.ts";
import type { Database } from "./index.ts";

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe("LISTEN / NOTIFY", () => {
  it("takes many listens at once on one connection, without pg's warning, and each channel hears its own", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      const heard = new Map<string, string[]>();
      const channels = Array.from({ length: 12 }, (_, i) => `listen_test_${i}`);
      await Promise.all(
        channels.map((ch) => db.listen(ch, (payload) => heard.set(ch, [...(heard.get(ch) ?? []), payload]))),
      );
      for (const ch of channels) await db.notify(ch, `to ${ch}`);
      await expect
        .poll(() => channels.every((ch) => heard.get(ch)?.length === 1), { timeout: 5000, interval: 10 })
        .toBe(true);
      for (const ch of channels) expect(heard.get(ch)).toEqual([`to ${ch}`]);
      if (db.engine === "postgres") {
        const { rows } = await db.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND " +
            "query LIKE 'LISTEN %listen_test_%'",
        );
        expect(rows[0]!.n).toBe(1);
      }
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
  });
});
