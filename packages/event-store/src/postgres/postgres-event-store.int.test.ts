import { describe, expect, it } from "vitest";
import { newId } from "@platform/kernel";
import { KeyConflictError, WrongExpectedVersionError } from "../errors.ts";
import { eventStoreContract } from "../testing/contract.ts";
import { createTestEventStore, useTestEventStore } from "../testing/test-event-store.ts";

eventStoreContract(process.env.DATABASE_URL ? "postgres" : "pglite", async () => {
  const { store, close } = await createTestEventStore();
  return { store, dispose: close };
});

describe("group commit (es_append_many)", () => {
  const t = useTestEventStore();
  const at = (n: number) => ({ at: new Date(n).toISOString() });

  it("commits the appends asked for in one turn in one transaction", async () => {
    const streams = Array.from({ length: 5 }, () => `g-${newId()}`);
    await Promise.all(
      streams.map((s) =>
        t.store.append(s, [{ type: "Created", data: {}, metadata: at(0) }], { expectedVersion: "no_stream" }),
      ),
    );
    const { rows } = await t.db.pool.query<{ n: string }>(
      "SELECT count(DISTINCT transaction_id)::text AS n FROM es_events WHERE stream_id = ANY($1)",
      [streams],
    );
    expect(rows[0]!.n).toBe("1");
  });

  it(
    "commits appends to one stream asked for in one turn in the order asked, each expecting the " +
      "version the one before leaves",
    async () => {
      const s = `g-${newId()}`;
      const other = `g-${newId()}`;
      const outcomes = await Promise.all([
        t.store.append(s, [{ type: "A", data: {}, metadata: at(0) }], { expectedVersion: "no_stream" }),
        t.store.append(other, [{ type: "X", data: {}, metadata: at(0) }], { expectedVersion: "no_stream" }),
        t.store.append(
          s,
          [
            { type: "B", data: {}, metadata: at(0) },
            { type: "C", data: {}, metadata: at(0) },
          ],
          { expectedVersion: 1 },
        ),
        t.store.append(s, [{ type: "D", data: {}, metadata: at(0) }], { expectedVersion: 3 }),
      ]);
      expect(outcomes.map((o) => o.nextExpectedVersion)).toEqual([1, 1, 3, 4]);
      expect((await t.store.readStream(s)).map((e) => [e.type, e.version])).toEqual([
        ["A", 1],
        ["B", 2],
        ["C", 3],
        ["D", 4],
      ]);
    },
  );

  it(
    "keeps each event's own data, metadata and schema version, whether its append shares one " +
      "metadata object or not",
    async () => {
      const [a, b] = [`g-${newId()}`, `g-${newId()}`];
      const shared = { ...at(1), correlationId: "shared" };
      await Promise.all([
        t.store.append(a, [
          { type: "A1", data: { n: 1, s: 'it\'s "quoted", {braced}' }, metadata: shared },
          { type: "A2", data: null, metadata: shared, schemaVersion: 2 },
          { type: "A3", data: [1, "two"], metadata: { ...at(2), correlationId: "own" } },
        ]),
        t.store.append(b, [{ type: "B1", data: { n: 2 }, metadata: shared }]),
      ]);
      const read = [...(await t.store.readStream(a)), ...(await t.store.readStream(b))];
      expect(
        read.map((e) => [e.streamId, e.type, e.version, e.data, e.metadata.correlationId, e.schemaVersion]),
      ).toEqual([
        [a, "A1", 1, { n: 1, s: 'it\'s "quoted", {braced}' }, "shared", 1],
        [a, "A2", 2, null, "shared", 2],
        [a, "A3", 3, [1, "two"], "own", 1],
        [b, "B1", 1, { n: 2 }, "shared", 1],
      ]);
    },
  );

  it("tells keys apart whatever characters their scope and value hold", async () => {
    const id = newId();
    const held = { scope: `test:a\u001fb-${id}`, key: 'c,"{}' };
    const lookalike = { scope: `test:a`, key: `b-${id}\u001fc,\"{}` };
    const [holder, other, bystander] = [`g-${newId()}`, `g-${newId()}`, `g-${newId()}`];
    await t.store.append(holder, [{ type: "Named", data: {}, metadata: at(0) }], { reserveKeys: [held] });
    await Promise.all([
      t.store.append(other, [{ type: "Named", data: {}, metadata: at(0) }], {
        expectedVersion: "no_stream",
        reserveKeys: [lookalike],
      }),
      // Naming the held key in the same group (a release of a key it does not hold, which
      // changes nothing) puts its holder in the group's lookup beside the look-alike.
      t.store.append(bystander, [{ type: "Named", data: {}, metadata: at(0) }], {
        expectedVersion: "no_stream",
        releaseKeys: [held],
      }),
    ]);
    expect(await t.store.lookupKey(held.scope, held.key)).toBe(holder);
    expect(await t.store.lookupKey(lookalike.scope, lookalike.key)).toBe(other);
  });

  it(
    "moves a key released by one append to the next one asked for in the same turn, and renames " + "in place",
    async () => {
      const key = { scope: "test:name", key: `K-${newId()}` };
      const next = { scope: "test:name", key: `L-${newId()}` };
      const [first, second] = [`g-${newId()}`, `g-${newId()}`];
      await t.store.append(first, [{ type: "Named", data: {}, metadata: at(0) }], { reserveKeys: [key] });
      await Promise.all([
        t.store.append(first, [{ type: "Renamed", data: {}, metadata: at(0) }], {
          expectedVersion: 1,
          releaseKeys: [key],
          reserveKeys: [next],
        }),
        t.store.append(second, [{ type: "Named", data: {}, metadata: at(0) }], {
          expectedVersion: "no_stream",
          reserveKeys: [key],
        }),
      ]);
      expect(await t.store.lookupKey(key.scope, key.key)).toBe(second);
      expect(await t.store.lookupKey(next.scope, next.key)).toBe(first);
    },
  );
});

describe.skipIf(!process.env.DATABASE_URL)("group commit on PostgreSQL", () => {
  const t = useTestEventStore();
  const ev = (type: string) => ({ type, data: {}, metadata: { at: new Date(0).toISOString() } });

  it("appends one by one when a stream is created under the batch, so only that append fails", async () => {
    const other = await t.db.pool.connect();
    try {
      const [creator, bystander] = [`g-${newId()}`, `g-${newId()}`];
      await other.query("BEGIN");
      await other.query("INSERT INTO es_streams (stream_id, version) VALUES ($1, 1)", [creator]);
      await other.query(
        "INSERT INTO es_events (event_id, stream_id, version, type, data, metadata) VALUES ($1, $2, " +
          "1, 'Theirs', '{}', '{}')",
        [newId(), creator],
      );
      // The batch finds no such stream (the insert is not committed yet), then waits on it.
      const outcomes = Promise.allSettled([
        t.store.append(bystander, [ev("Created")], { expectedVersion: "no_stream" }),
        t.store.append(creator, [ev("Created")], { expectedVersion: "no_stream" }),
      ]);
      await new Promise((r) => setTimeout(r, 200));
      await other.query("COMMIT");
      const [b, c] = await outcomes;
      expect(b.status).toBe("fulfilled");
      expect(c).toMatchObject({ status: "rejected", reason: expect.any(WrongExpectedVersionError) });
      expect(((c as PromiseRejectedResult).reason as WrongExpectedVersionError).actual).toBe(1);
      expect((await t.store.readStream(bystander)).map((e) => e.type)).toEqual(["Created"]);
      expect((await t.store.readStream(creator)).map((e) => e.type)).toEqual(["Theirs"]);
    } finally {
      other.release();
    }
  });

  it("appends one by one when a key is taken under the batch, so only that append fails", async () => {
    const key = { scope: "order:orderNumber", key: `R-${newId()}` };
    const other = await t.db.pool.connect();
    try {
      await other.query("BEGIN");
      await other.query("INSERT INTO es_keys (scope, key, stream_id) VALUES ($1, $2, 'someone-else')", [
        key.scope,
        key.key,
      ]);
      const [taker, bystander] = [`g-${newId()}`, `g-${newId()}`];
      // The batch passes the key check (the insert is not committed yet), then waits on it.
      const outcomes = Promise.allSettled([
        t.store.append(bystander, [ev("Created")], { expectedVersion: "no_stream" }),
        t.store.append(taker, [ev("Created")], { expectedVersion: "no_stream", reserveKeys: [key] }),
      ]);
      await new Promise((r) => setTimeout(r, 200));
      await other.query("COMMIT");
      const [b, took] = await outcomes;
      expect(b.status).toBe("fulfilled");
      expect(took).toMatchObject({ status: "rejected", reason: expect.any(KeyConflictError) });
      expect((await t.store.readStream(bystander)).map((e) => e.type)).toEqual(["Created"]);
      expect(await t.store.readStream(taker)).toEqual([]);
      expect(await t.store.lookupKey(key.scope, key.key)).toBe("someone-else");
    } finally {
      other.release();
    }
  });
});

describe("inline writes (a read model written in the append's transaction)", () => {
  const t = useTestEventStore([
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
$fn$;
CREATE TABLE inline_calls (n int NOT NULL, tx xid8 NOT NULL);
CREATE FUNCTION inline_test_rows(p jsonb) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO inline_calls (n, tx) VALUES (jsonb_array_length(p), pg_current_xact_id());
  INSERT INTO inline_rows (stream, label, tx)
  SELECT r->>'stream', r->>'label', pg_current_xact_id() FROM jsonb_array_elements(p) AS r;
END
$fn$;`,
        },
      ],
    },
  ]);
  const ev = (type: string) => ({ type, data: {}, metadata: { at: new Date(0).toISOString() } });
  const write = (stream: string, label: string) => ({ inline: [{ fn: "inline_test_write", arg: { stream, label } }] });
  const rowsOf = async (streams: readonly string[]) =>
    (
      await t.db.pool.query<{ stream: string; label: string; same_tx: boolean }>(
        `SELECT r.stream, r.label,
                r.tx = (SELECT e.transaction_id FROM es_events e WHERE e.stream_id = r.stream LIMIT 1) AS same_tx
         FROM inline_rows r WHERE r.stream = ANY($1) ORDER BY r.stream`,
        [streams],
      )
    ).rows;

  it("reports that it can", () => {
    expect(t.store.inlineWrites).toBe(true);
  });

  it("calls the function in the transaction that stores the events", async () => {
    const s = `i-${newId()}`;
    await t.store.append(s, [ev("Created")], { expectedVersion: "no_stream", ...write(s, "first") });
    expect(await rowsOf([s])).toEqual([{ stream: s, label: "first", same_tx: true }]);
  });

  it("calls nothing for a refused append", async () => {
    const s = `i-${newId()}`;
    await expect(
      t.store.append(s, [ev("Created")], { expectedVersion: 3, ...write(s, "never") }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await rowsOf([s])).toEqual([]);
  });

  it("stores nothing when the function fails, and the appends beside it still commit", async () => {
    const [bad, good1, good2] = [`i-${newId()}`, `i-${newId()}`, `i-${newId()}`];
    const outcomes = await Promise.allSettled([
      t.store.append(good1, [ev("Created")], { expectedVersion: "no_stream", ...write(good1, "ok") }),
      t.store.append(bad, [ev("Created")], { expectedVersion: "no_stream", ...write(bad, "boom") }),
      t.store.append(good2, [ev("Created")], { expectedVersion: "no_stream", ...write(good2, "ok") }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(((outcomes[1] as PromiseRejectedResult).reason as Error).message).toMatch(/inline write refused/);
    expect(await t.store.readStream(bad)).toEqual([]);
    expect((await rowsOf([bad, good1, good2])).map((r) => [r.stream, r.same_tx])).toEqual(
      [
        [good1, true],
        [good2, true],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it("calls a function named *_rows once per group, with the group's arguments as one array", async () => {
    const streams = Array.from({ length: 6 }, () => `i-${newId()}`);
    await t.db.pool.query("DELETE FROM inline_calls");
    // Appended in one turn: the first may commit alone, the others wait for it and go as one group.
    await Promise.all(
      streams.map((s) =>
        t.store.append(s, [ev("Created")], {
          expectedVersion: "no_stream",
          inline: [{ fn: "inline_test_rows", arg: { stream: s, label: "set" } }],
        }),
      ),
    );
    expect((await rowsOf(streams)).map((r) => [r.stream, r.label, r.same_tx])).toEqual(
      [...streams].sort().map((s) => [s, "set", true]),
    );
    const calls = (await t.db.pool.query<{ n: number }>("SELECT n FROM inline_calls ORDER BY n")).rows.map((r) => r.n);
    expect(calls.reduce((a, b) => a + b, 0)).toBe(6);
    expect(Math.max(...calls)).toBeGreaterThan(1);
  });

  it("refuses a function name that is not a plain identifier, before sending anything", async () => {
    const s = `i-${newId()}`;
    await expect(
      t.store.append(s, [ev("Created")], { inline: [{ fn: 'inline_test_write"; DROP TABLE es_events; --', arg: {} }] }),
    ).rejects.toThrow(/not a plain SQL function name/);
    expect(await t.store.readStream(s)).toEqual([]);
  });
});
