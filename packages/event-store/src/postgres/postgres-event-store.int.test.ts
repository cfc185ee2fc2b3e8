import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import type { Database } from "@platform/db";
import { KeyConflictError, WrongExpectedVersionError } from "../errors.ts";
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

describe("inline writes (a read model written in the append's transaction)", () => {
  let db: Database;
  let store: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, store, close } = await createTestEventStore([
      {
        context: "inline-test",
        migrations: [
          {
            id: "1",
            sql: `
CREATE TABLE inline_rows (stream text PRIMARY KEY, label text NOT NULL, tx xid8 NOT NULL);
CREATE FUNCTION inline_test_write(p jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF p->>'label' = 'boom' THEN RAISE EXCEPTION 'inline write refused'; END IF;
  INSERT INTO inline_rows (stream, label, tx) VALUES (p->>'stream', p->>'label', pg_current_xact_id());
END
$fn$;`,
          },
        ],
      },
    ]));
  });
  afterAll(() => close());
  const ev = (type: string) => ({ type, data: {}, metadata: { at: new Date(0).toISOString() } });
  const write = (stream: string, label: string) => ({ inline: [{ fn: "inline_test_write", arg: { stream, label } }] });
  const rowsOf = async (streams: readonly string[]) =>
    (await db.pool.query<{ stream: string; label: string; same_tx: boolean }>(
      `SELECT r.stream, r.label, r.tx = (SELECT e.transaction_id FROM es_events e WHERE e.stream_id = r.stream LIMIT 1) AS same_tx
         FROM inline_rows r WHERE r.stream = ANY($1) ORDER BY r.stream`,
      [streams],
    )).rows;

  it("reports that it can", () => {
    expect(store.inlineWrites).toBe(true);
  });

  it("calls the function in the transaction that stores the events", async () => {
    const s = `i-${newId()}`;
    await store.append(s, [ev("Created")], { expectedVersion: "no_stream", ...write(s, "first") });
    expect(await rowsOf([s])).toEqual([{ stream: s, label: "first", same_tx: true }]);
  });

  it("calls nothing for a refused append", async () => {
    const s = `i-${newId()}`;
    await expect(store.append(s, [ev("Created")], { expectedVersion: 3, ...write(s, "never") })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await rowsOf([s])).toEqual([]);
  });

  it("stores nothing when the function fails, and the appends beside it still commit", async () => {
    const [bad, good1, good2] = [`i-${newId()}`, `i-${newId()}`, `i-${newId()}`];
    const outcomes = await Promise.allSettled([
      store.append(good1, [ev("Created")], { expectedVersion: "no_stream", ...write(good1, "ok") }),
      store.append(bad, [ev("Created")], { expectedVersion: "no_stream", ...write(bad, "boom") }),
      store.append(good2, [ev("Created")], { expectedVersion: "no_stream", ...write(good2, "ok") }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(((outcomes[1] as PromiseRejectedResult).reason as Error).message).toMatch(/inline write refused/);
    expect(await store.readStream(bad)).toEqual([]);
    expect((await rowsOf([bad, good1, good2])).map((r) => [r.stream, r.same_tx])).toEqual([[good1, true], [good2, true]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
  });

  it("refuses a function name that is not a plain identifier, before sending anything", async () => {
    const s = `i-${newId()}`;
    await expect(store.append(s, [ev("Created")], { inline: [{ fn: 'inline_test_write"; DROP TABLE es_events; --', arg: {} }] })).rejects.toThrow(/not a plain SQL function name/);
    expect(await store.readStream(s)).toEqual([]);
  });
});
