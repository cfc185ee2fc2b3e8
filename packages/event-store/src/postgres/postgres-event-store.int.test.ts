import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { Database } from "@platform/db";
import { KeyConflictError } from "../errors.ts";
import type { EventStore } from "../event-store.ts";
import { eventStoreContract } from "../testing/contract.ts";
import { createTestEventStore } from "../testing/test-event-store.ts";

eventStoreContract(process.env.DATABASE_URL ? "postgres" : "pglite", async () => {
  const { store, close } = await createTestEventStore();
  return { store, dispose: close };
});

describe.skipIf(!process.env.DATABASE_URL)("group commit on PostgreSQL", () => {
  let db: Database;
  let store: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, store, close } = await createTestEventStore());
  });
  afterAll(() => close());
  const ev = (type: string) => ({ type, data: {}, metadata: { at: new Date(0).toISOString() } });

  it("commits appends that arrive together in one transaction", async () => {
    const streams = Array.from({ length: 5 }, () => `g-${newId()}`);
    await Promise.all(streams.map((s) => store.append(s, [ev("Created")], { expectedVersion: "no_stream" })));
    const { rows } = await db.pool.query<{ n: string }>("SELECT count(DISTINCT transaction_id)::text AS n FROM es_events WHERE stream_id = ANY($1)", [streams]);
    expect(rows[0]!.n).toBe("1");
  });

  it("appends one by one when a key is taken under the batch, so only that append fails", async () => {
    const key = { scope: "order:orderNumber", key: `R-${newId()}` };
    const other = await db.pool.connect();
    try {
      await other.query("BEGIN");
      await other.query("INSERT INTO es_keys (scope, key, stream_id) VALUES ($1, $2, 'someone-else')", [key.scope, key.key]);
      const [taker, bystander] = [`g-${newId()}`, `g-${newId()}`];
      // The batch passes the key check (the insert is not committed yet), then waits on it.
      const outcomes = Promise.allSettled([
        store.append(bystander, [ev("Created")], { expectedVersion: "no_stream" }),
        store.append(taker, [ev("Created")], { expectedVersion: "no_stream", reserveKeys: [key] }),
      ]);
      await new Promise((r) => setTimeout(r, 200));
      await other.query("COMMIT");
      const [b, t] = await outcomes;
      expect(b.status).toBe("fulfilled");
      expect(t).toMatchObject({ status: "rejected", reason: expect.any(KeyConflictError) });
      expect((await store.readStream(bystander)).map((e) => e.type)).toEqual(["Created"]);
      expect(await store.readStream(taker)).toEqual([]);
      expect(await store.lookupKey(key.scope, key.key)).toBe("someone-else");
    } finally {
      other.release();
    }
  });
});
